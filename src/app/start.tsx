// The app's start-up, loaded by src/main.tsx after React DOM has been evaluated in a task of its own.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '@/features/pwa/register-sw';
import { session } from '@/lib/auth/session';
import { afterFirstContent } from '@/lib/first-paint/first-content';
import { initI18n } from '@/lib/i18n';
import { App } from './app';
import { askEarlyForScreen } from './early-asks';
import { connectRouter, createAppRouter, loadBeforeRender } from './router';

/** Start-up runs as several short tasks: the browser may paint and handle input between them. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** After the load event and an idle moment: the worker's precache must not compete with the first screen. */
function afterLoadAndIdle(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
        else setTimeout(resolve, 200);
      }),
  );
}

export async function start(): Promise<void> {
  // Signed in and online on the feed: its first page is asked for (by src/main.tsx's first step
  // already, else now), beside the catalog and the route's chunks, so the first post paints from
  // the answer (docs/SPEC-NOTES.md §4). On the garage, its cars: syncCars takes the answer.
  if (askEarlyForScreen(window.location.pathname) === 'device') {
    // Offline: the device's posts come first; their list (Dexie) loads beside the route's chunks
    // rather than once the feed screen has mounted.
    void import('@/features/posts/feed-body').catch(() => undefined);
  }
  const catalog = initI18n(); // its request was preloaded by index.html / login.html
  await nextTask();
  const router = createAppRouter();
  connectRouter(router);
  // The stored-token check runs alongside the catalog load; the root route waits for it (whenReady).
  void session.init();
  await nextTask();
  // The route is resolved (guards, lazy chunks) before the first render: on /login the prerendered
  // markup (login.html) is then replaced in one commit by the same screen, never by a blank page.
  await Promise.all([catalog, loadBeforeRender(router)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  // A transition renders in time slices (the first tree in one piece blocked the main thread).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
  if (import.meta.env.PROD) {
    void afterLoadAndIdle()
      .then(afterFirstContent)
      .then(registerServiceWorker)
      .catch(() => undefined);
  }
}

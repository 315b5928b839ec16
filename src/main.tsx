import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { connectRouter, createAppRouter } from '@/app/router';
import { installPreloadErrorHandler, registerServiceWorker } from '@/features/pwa/register-sw';
import { session } from '@/lib/auth/session';
import { initI18n } from '@/lib/i18n';
import '@/ui';

installPreloadErrorHandler();
const router = createAppRouter();
connectRouter(router);
// The stored-token check runs alongside the catalog load; the root route waits for it (whenReady).
void session.init();

async function start(): Promise<void> {
  // The route is resolved (guards, lazy chunks) before the first render: on /login the prerendered
  // markup (login.html) is then replaced in one commit by the same screen, never by a blank page.
  await Promise.all([initI18n(), router.load()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  if (import.meta.env.PROD) void registerServiceWorker().catch(() => undefined);
}

void start();

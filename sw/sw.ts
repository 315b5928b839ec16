/// <reference lib="webworker" />
// Paddock's service worker (vite-plugin-pwa injectManifest). It precaches the shell, every route
// chunk and both catalogs; it answers navigations with the shell (with the prerendered login.html
// for /login) so deep links open offline; it keeps media images in a bounded cache. API JSON is
// never cached here: Dexie is the local store.
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { LOCALE_CHOICE_CACHE, LOCALE_CHOICE_URL } from '../src/lib/i18n/locale-choice';
import { saveShare, shareOfForm } from '../src/lib/share/share-inbox';
import {
  conversationOpen,
  isMediaImageRequest,
  isPrerenderedLoginNavigation,
  isShareTargetPost,
  loginPageLocale,
  MEDIA_CACHE,
  NAVIGATION_DENYLIST,
  PRERENDERED_LOGIN,
  prerenderedLoginUrl,
  pushNotification,
  readPushData,
  SHARE_TARGET,
  shareScreenPath,
  windowToOpen,
} from './sw-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The member's language choice, kept for this worker by src/lib/i18n/locale-choice.ts. */
async function chosenLocale(): Promise<string | null> {
  try {
    const answer = await (await caches.open(LOCALE_CHOICE_CACHE)).match(LOCALE_CHOICE_URL);
    return answer ? await answer.text() : null;
  } catch {
    return null;
  }
}

// No navigation preload: navigations are answered from the precache (the prerendered login page
// in the member's language for /login, the shell for the rest), so it would be wasted.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPrerenderedLoginNavigation(url.pathname),
  async ({ request }) => {
    const url = prerenderedLoginUrl(loginPageLocale(await chosenLocale(), self.navigator.languages));
    return (await matchPrecache(url)) ?? (await matchPrecache(PRERENDERED_LOGIN.url)) ?? fetch(request);
  },
);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

registerRoute(
  ({ request, url }) => isMediaImageRequest(url, request.destination),
  new CacheFirst({
    cacheName: MEDIA_CACHE.name,
    plugins: [
      new ExpirationPlugin({
        maxEntries: MEDIA_CACHE.maxEntries,
        maxAgeSeconds: MEDIA_CACHE.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// A share from another app (the manifest's share_target): kept on this device without the network,
// then the app's /share screen (303, so the reload of that screen is a GET). A share that cannot be
// read still opens the screen, which says nothing came.
registerRoute(
  ({ request, url }) => isShareTargetPost(url, request.method),
  async ({ request }) => {
    let id: string | null = null;
    try {
      id = await saveShare(shareOfForm(await request.formData(), SHARE_TARGET.filesParam));
    } catch {
      id = null;
    }
    return Response.redirect(new URL(shareScreenPath(id), self.location.origin).href, 303);
  },
  'POST',
);

// registerType 'prompt': the page asks for activation when the member accepts the update.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Every push (a message, a chat line, a comment, an invitation, a reminder…) is Declarative Web
// Push JSON: shown here with its tag (a newer one replaces the older), the icon's badge set from
// it; not shown while the member has that conversation open and visible (asked of the windows).
self.addEventListener('push', (event) => {
  const spec = pushNotification(readPushData(event.data));
  event.waitUntil(
    (async () => {
      const badging = self.navigator as WorkerNavigator & {
        setAppBadge?: (n?: number) => Promise<void>;
        clearAppBadge?: () => Promise<void>;
      };
      if (spec.appBadge !== null)
        await (spec.appBadge > 0 ? badging.setAppBadge?.(spec.appBadge) : badging.clearAppBadge?.())?.catch(
          () => undefined,
        );
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (conversationOpen(windows, spec.options.data.url)) return;
      await self.registration.showNotification(spec.title, spec.options);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = pushNotification({ url: (event.notification.data as { url?: unknown } | null)?.url })
    .options.data;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windowToOpen(windows);
      if (open) {
        // A refused focus (the browser's call) still opens the path in that window.
        const focused = await open.focus().catch(() => open);
        await focused.navigate(url).catch(() => focused.postMessage({ type: 'NAVIGATE', url }));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

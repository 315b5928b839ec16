// The app's real service worker (the built sw.js) shows Declarative Web Push: Chromium's DevTools
// protocol delivers a push (ServiceWorker.deliverPushMessage, as DevTools' "Push" button does) to
// the registration, and the notification is read back from registration.getNotifications(): its
// title, body and tag, a newer push of the same tag replacing it, the icon's badge set from
// app_badge, nothing shown for the conversation open and visible in a tab, and a click opening the
// push's `navigate` path in the app's window.
//
// Headless Chromium has no notification centre to click in, and the DevTools protocol cannot click
// a notification: the click is a NotificationEvent dispatched in the worker on the notification
// the push showed (an untrusted event: the window's focus() is refused, the navigation is not).
import { randomUUID } from 'node:crypto';
import type { CDPSession, Page, Worker } from 'playwright-core';
import { expect, test } from 'vitest';
import { signUpViaApi } from './support/api.mjs';
import { waitForControllingWorker } from './support/garage-flows';
import { expectPath, useE2e } from './harness';

const e2e = useE2e();

interface Shown {
  title: string;
  body: string;
  tag: string;
  url: unknown;
}

function declarative(notification: {
  title: string;
  body: string;
  navigate: string;
  tag: string;
  app_badge?: number;
}) {
  return { web_push: 8030, notification };
}

/** The notifications the app's registration shows now. */
function shown(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });
}

/** A push delivered to the page's registration by the DevTools protocol. */
async function pushChannel(page: Page, origin: string): Promise<(payload: unknown) => Promise<void>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return async (payload) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify(payload),
    });
  };
}

/** The app's worker, its Badging API calls recorded (the icon's badge cannot be read back). */
async function badgeSpy(page: Page): Promise<{ worker: Worker; calls: () => Promise<unknown[]> }> {
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const scope = self as unknown as { __badges: unknown[]; navigator: Record<string, unknown> };
    scope.__badges = [];
    scope.navigator.setAppBadge = (n?: number) => {
      scope.__badges.push(n);
      return Promise.resolve();
    };
    scope.navigator.clearAppBadge = () => {
      scope.__badges.push('clear');
      return Promise.resolve();
    };
  });
  return {
    worker,
    calls: () => worker.evaluate(() => (self as unknown as { __badges: unknown[] }).__badges),
  };
}

test('a push shows its title, body and tag; a newer one of the same tag replaces it; the badge follows', async () => {
  const me = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session: me, locale: 'en-US', permissions: ['notifications'] });
  await page.goto(`${e2e.baseUrl}/feed`);
  await waitForControllingWorker(page);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  const push = await pushChannel(page, e2e.baseUrl);
  const badge = await badgeSpy(page);

  const room = randomUUID();
  await push(
    declarative({
      title: 'Ben wrote in Crew',
      body: 'Ready for Sunday?',
      navigate: `/chat/${room}`,
      tag: `chat:${room}`,
      app_badge: 3,
    }),
  );
  await expect
    .poll(() => shown(page))
    .toEqual([
      { title: 'Ben wrote in Crew', body: 'Ready for Sunday?', tag: `chat:${room}`, url: `/chat/${room}` },
    ]);
  await expect.poll(() => badge.calls()).toEqual([3]);

  // A burst in one room is one notification that updates: the newer replaces the older.
  await push(
    declarative({
      title: 'Ben wrote in Crew',
      body: '2 new messages',
      navigate: `/chat/${room}`,
      tag: `chat:${room}`,
      app_badge: 0,
    }),
  );
  await expect
    .poll(() => shown(page))
    .toEqual([
      { title: 'Ben wrote in Crew', body: '2 new messages', tag: `chat:${room}`, url: `/chat/${room}` },
    ]);
  // 0 unread: the badge is cleared.
  await expect.poll(() => badge.calls()).toEqual([3, 'clear']);

  // A payload of another site's address keeps the app's root, never an open redirect.
  await push(declarative({ title: 'Odd', body: '', navigate: 'https://evil.example/', tag: 'odd' }));
  await expect.poll(async () => (await shown(page)).find((n) => n.tag === 'odd')?.url).toBe('/');
});

test('no notification for the conversation the member has open and visible; others still show', async () => {
  const me = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session: me, locale: 'en-US', permissions: ['notifications'] });
  await page.goto(`${e2e.baseUrl}/feed`);
  await waitForControllingWorker(page);
  const push = await pushChannel(page, e2e.baseUrl);

  const open = randomUUID();
  await page.goto(`${e2e.baseUrl}/message/${open}`);
  await expectPath(page, `/message/${open}`);
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible');

  await push(
    declarative({
      title: 'Ben wrote to you',
      body: 'Open one',
      navigate: `/message/${open}`,
      tag: `pm:${open}`,
    }),
  );
  const other = randomUUID();
  await push(
    declarative({
      title: 'Ben wrote to you',
      body: 'Other one',
      navigate: `/message/${other}`,
      tag: `pm:${other}`,
    }),
  );
  // The second push is shown: the first, handled before it, was not.
  await expect.poll(async () => (await shown(page)).map((n) => n.tag)).toEqual([`pm:${other}`]);
});

test("a click on the notification opens its path in the app's window", async () => {
  const me = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session: me, locale: 'en-US', permissions: ['notifications'] });
  await page.goto(`${e2e.baseUrl}/feed`);
  await waitForControllingWorker(page);
  const push = await pushChannel(page, e2e.baseUrl);
  const { worker } = await badgeSpy(page);

  await push(
    declarative({
      title: 'Ben sent you a friend request',
      body: '',
      navigate: '/friends',
      tag: 'friend-requests',
    }),
  );
  await expect.poll(async () => (await shown(page)).map((n) => n.tag)).toEqual(['friend-requests']);
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications({ tag: 'friend-requests' });
    try {
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    } catch {
      // An untrusted event's waitUntil throws; the handler's work has started before it.
    }
  });
  await expectPath(page, '/friends');
  // Clicked, the notification is closed.
  await expect.poll(async () => (await shown(page)).length).toBe(0);
});

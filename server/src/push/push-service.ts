// Web Push (issue 16): the member's devices subscribe (POST /push-subscriptions), and a reminder
// that changes state is pushed to each of them, encrypted by `web-push` (aes128gcm, VAPID).
//
// One endpoint belongs to one browser profile. Re-posting it answers the stored subscription (its
// keys updated). Posted by another member, it is taken over only when the posted keys are the
// stored ones: then the poster holds the browser's own secrets (the auth secret never leaves the
// browser and this server), i.e. it is the same browser, now signed in to another account, and only
// the member signed in there should get its pushes. Anything else is refused (409) without touching
// the first member's subscription: knowing an endpoint URL (it may sit in a proxy's log) is not
// enough to divert someone's reminders.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type webPush from 'web-push';
import type {
  PushSubscriptionInfo,
  PushSubscriptionInput,
  ReminderPushPayload,
} from '../../../src/contract/reminder-delivery';
import type { VapidKeys } from '../config';
import { badRequest, conflict, notFound } from '../http/errors';
import type { ServerLocale } from '../legal/locales';
import type { PushRepository, StoredPushSubscription } from './push-repository';

/** How long a push service keeps a message for a device that is off (seconds). */
export const REMINDER_PUSH_TTL_SECONDS = 7 * 24 * 3600;

export type PushSubscriptionKeys = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Sends one request to a push service; answers its HTTP status. */
export type PushSender = (
  subscription: PushSubscriptionKeys,
  payload: string,
  options: webPush.RequestOptions,
) => Promise<number>;

// web-push (and its ASN.1 and JWS packages) is loaded on the first push, not at start-up: about
// 10 MB of resident memory that a process without push subscribers never needs (≤ 120 MB idle).
let loadingWebPush: Promise<typeof webPush> | null = null;
function loadWebPush(): Promise<typeof webPush> {
  loadingWebPush ??= import('web-push').then((module) => module.default);
  return loadingWebPush;
}

/**
 * web-push encrypts and signs (aes128gcm, VAPID); the request goes out with fetch: redirects are
 * not followed (a push service never redirects; following one could reach the server's own LAN),
 * and it speaks plain http to the tests' local push service.
 */
export const fetchPushSender: PushSender = async (subscription, payload, options) => {
  const details = (await loadWebPush()).generateRequestDetails(subscription, payload, options);
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeout ?? 10_000),
  });
  await res.body?.cancel();
  return res.status;
};

interface Deps {
  subscriptions: PushRepository;
  vapid: VapidKeys;
  allowPrivateEndpoints?: boolean;
  send?: PushSender;
  warn?: (err: unknown, message: string) => void;
  now?: () => Date;
}

const info = (s: StoredPushSubscription): PushSubscriptionInfo => ({
  id: s.id,
  endpoint: s.endpoint,
  createdAt: s.createdAt,
});

/** Loopback, private, link-local, unique-local and unspecified addresses. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const kind = isIP(host);
  if (kind === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (kind === 6)
    return (
      host === '::' ||
      host === '::1' ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      host.startsWith('::ffff:')
    );
  return false;
}

export function pushService({
  subscriptions,
  vapid,
  allowPrivateEndpoints = false,
  send = fetchPushSender,
  warn = () => undefined,
  now = () => new Date(),
}: Deps) {
  function checkEndpoint(endpoint: string): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw badRequest('Some fields are missing or invalid.', [
        { field: 'body.endpoint', message: 'is not a URL' },
      ]);
    }
    const secure = url.protocol === 'https:';
    if (!allowPrivateEndpoints && (!secure || isPrivateHost(url.hostname) || url.username || url.password))
      throw badRequest('Some fields are missing or invalid.', [
        { field: 'body.endpoint', message: 'must be a public https push service URL' },
      ]);
    if (!secure && url.protocol !== 'http:')
      throw badRequest('Some fields are missing or invalid.', [
        { field: 'body.endpoint', message: 'must be http(s)' },
      ]);
  }

  // Pushes in flight, so that closing the server waits for them (nothing cut mid-send).
  const inFlight = new Set<Promise<void>>();

  async function deliver(s: StoredPushSubscription, body: string): Promise<void> {
    try {
      const status = await send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body, {
        vapidDetails: vapid,
        TTL: REMINDER_PUSH_TTL_SECONDS,
        urgency: 'normal',
        timeout: 10_000,
      });
      if (status === 404 || status === 410) {
        // The browser unsubscribed or the subscription expired: it will never be reached again.
        await subscriptions.deleteById(s.id);
      } else if (status < 200 || status >= 300) warn({ status }, 'reminder push refused by the push service');
    } catch (err) {
      warn(err, 'reminder push not delivered');
    }
  }

  return {
    publicKey: () => vapid.publicKey,

    /** `created: false` when the endpoint was known already (the stored one, keys updated). */
    async subscribe(
      memberId: string,
      input: PushSubscriptionInput,
    ): Promise<{ subscription: PushSubscriptionInfo; created: boolean }> {
      checkEndpoint(input.endpoint);
      const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
      for (let attempt = 0; attempt < 3; attempt++) {
        const stored = await subscriptions.findByEndpoint(input.endpoint);
        if (!stored) {
          const fresh: StoredPushSubscription = {
            id: randomUUID(),
            userId: memberId,
            endpoint: input.endpoint,
            ...keys,
            createdAt: now().toISOString(),
          };
          if (await subscriptions.insert(fresh)) return { subscription: info(fresh), created: true };
          continue; // posted twice at once: the other insert won, read it again
        }
        const sameBrowser = stored.p256dh === keys.p256dh && stored.auth === keys.auth;
        if (stored.userId !== memberId && !sameBrowser)
          throw conflict('This push subscription belongs to another account.', [
            { field: 'body.endpoint', message: 'is subscribed by another account' },
          ]);
        if (await subscriptions.update(input.endpoint, stored.userId, { userId: memberId, ...keys }))
          return { subscription: info({ ...stored, userId: memberId, ...keys }), created: false };
      }
      throw conflict('This push subscription changed meanwhile: try again.');
    },

    /** Another member's endpoint, or an unknown one, answers 404. */
    async unsubscribe(memberId: string, endpoint: string): Promise<{ id: string }> {
      const id = await subscriptions.deleteOwn(memberId, endpoint);
      if (!id) throw notFound('Push subscription');
      return { id };
    },

    /**
     * Pushes one message to every device of the member, in the background: a failure is logged,
     * never thrown; a subscription the push service calls gone (404/410) is deleted.
     */
    notify(
      memberId: string,
      message: (locale: ServerLocale | null) => ReminderPushPayload | Promise<ReminderPushPayload>,
    ): void {
      const job = (async () => {
        const devices = await subscriptions.listByUser(memberId);
        if (devices.length === 0) return;
        const body = JSON.stringify(await message(await subscriptions.languageOf(memberId)));
        await Promise.all(devices.map((s) => deliver(s, body)));
      })()
        .catch((err: unknown) => warn(err, 'reminder push not sent'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },

    /** Waits for the pushes in flight (server closing; tests). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type PushService = ReturnType<typeof pushService>;

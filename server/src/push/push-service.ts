// Web Push: the member's devices subscribe (POST /push-subscriptions), and a reminder
// that changes state is pushed to each of them, encrypted by `web-push` (aes128gcm, VAPID).
//
// One endpoint belongs to one browser profile. Re-posting it answers the stored subscription (its
// keys updated). Posted by another member, it is taken over only when the posted keys are the
// stored ones: then the poster holds the browser's own secrets (the auth secret never leaves the
// browser and this server), i.e. it is the same browser, now signed in to another account, and only
// the member signed in there should get its pushes. Anything else is refused (409) without touching
// the first member's subscription: knowing an endpoint URL (it may sit in a proxy's log) is not
// enough to divert someone's reminders.
import { ECDH, createHash, randomUUID } from 'node:crypto';
import type webPush from 'web-push';
import type { PushSubscriptionInfo, PushSubscriptionInput } from '../../../src/contract/reminder-delivery';
import { PUSH_TAG_WINDOW_MS, type DeclarativePushMessage } from '../../../src/contract/web-push';
import type { VapidKeys } from '../config';
import { badRequest, conflict, notFound } from '../http/errors';
import type { ServerLocale } from '../platform/locales';
import {
  checkEndpoint,
  EndpointRefused,
  sendPinned,
  systemLookup,
  type CheckedEndpoint,
  type PushAnswer,
  type PushLookup,
} from './push-endpoint';
import type { PushRepository, PendingDelivery, StoredPushSubscription } from './push-repository';

/** How long a push service keeps a message for a device that is off (seconds). */
export const REMINDER_PUSH_TTL_SECONDS = 7 * 24 * 3600;

/** A member's devices: subscribing a 21st drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 20;

/** Attempts at one message before it is given up (429, 5xx, network failures). */
export const PUSH_MAX_ATTEMPTS = 8;
/** The first retry's wait; each next one four times longer, at most PUSH_RETRY_MAX_MS. */
export const PUSH_RETRY_BASE_MS = 5_000;
/** The longest wait between two attempts (a longer Retry-After is cut to this). */
export const PUSH_RETRY_MAX_MS = 60 * 60 * 1000;
/** How long a node holds a message while it sends it (another node takes it after, if it died). */
export const PUSH_LEASE_MS = 2 * 60 * 1000;
/** How often a node looks for messages another node (or a restart) left due, at the latest. */
export const PUSH_POLL_MS = 60 * 1000;
const SEND_TIMEOUT_MS = 10_000;
const CLAIM_BATCH = 50;

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export type PushSubscriptionKeys = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Sends one message to the checked endpoint (connected to its checked address). */
export type PushSender = (
  target: CheckedEndpoint,
  subscription: PushSubscriptionKeys,
  payload: string,
  options: webPush.RequestOptions,
) => Promise<PushAnswer>;

// web-push (and its ASN.1 and JWS packages) is loaded on the first push, not at start-up: about
// 10 MB of resident memory that a process without push subscribers never needs (≤ 120 MB idle).
let loadingWebPush: Promise<typeof webPush> | null = null;
function loadWebPush(): Promise<typeof webPush> {
  loadingWebPush ??= import('web-push').then((module) => module.default);
  return loadingWebPush;
}

/**
 * web-push encrypts and signs (aes128gcm, VAPID, TTL, Urgency, Topic); the request goes to the
 * address the endpoint was checked at (push-endpoint.ts), redirects not followed.
 */
export const pinnedPushSender: PushSender = async (target, subscription, payload, options) => {
  const details = (await loadWebPush()).generateRequestDetails(subscription, payload, options);
  return sendPinned(
    target,
    {
      method: details.method,
      headers: details.headers as Record<string, string | number>,
      body: details.body ? new Uint8Array(details.body) : null,
    },
    options.timeout ?? SEND_TIMEOUT_MS,
  );
};

interface Deps {
  subscriptions: PushRepository;
  vapid: VapidKeys;
  allowPrivateEndpoints?: boolean;
  /** Resolves an endpoint's host name (tests point names where they want). */
  lookup?: PushLookup;
  send?: PushSender;
  warn?: (err: unknown, message: string) => void;
  now?: () => Date;
}

const info = (s: StoredPushSubscription): PushSubscriptionInfo => ({
  id: s.id,
  endpoint: s.endpoint,
  createdAt: s.createdAt,
});

const invalid = (field: string, message: string) =>
  badRequest('Some fields are missing or invalid.', [{ field, message }]);

/** Strict base64url (the padding a browser may add allowed): the bytes, or null. */
function base64url(text: string): Buffer | null {
  const bare = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare)) return null;
  const bytes = Buffer.from(bare, 'base64url');
  return bytes.toString('base64url') === bare ? bytes : null;
}

/**
 * The browser's keys as RFC 8291 wants them: `p256dh` an uncompressed P-256 point (65 bytes, 0x04
 * first) on the curve, `auth` 16 bytes. A subscription with other keys could never be encrypted for.
 */
export function checkKeys(keys: { p256dh: string; auth: string }): void {
  const point = base64url(keys.p256dh);
  let onCurve = false;
  if (point && point.length === 65 && point[0] === 0x04) {
    try {
      ECDH.convertKey(point, 'prime256v1');
      onCurve = true;
    } catch {
      onCurve = false;
    }
  }
  if (!onCurve)
    throw invalid('body.keys.p256dh', 'must be a base64url uncompressed P-256 public key (65 bytes)');
  if (base64url(keys.auth)?.length !== 16) throw invalid('body.keys.auth', 'must be 16 bytes, base64url');
}

/** Retry-After in seconds or as an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: Date): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The wait before attempt `attempt + 1` (attempt ≥ 1 made): 5 s, 20 s, 80 s… at most an hour. */
export const backoffMs = (attempt: number) =>
  Math.min(PUSH_RETRY_MAX_MS, PUSH_RETRY_BASE_MS * 4 ** Math.max(0, attempt - 1));

/** The Topic header (≤ 32 base64url characters) for a message's tag: one per reminder. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export function pushService({
  subscriptions,
  vapid,
  allowPrivateEndpoints = false,
  lookup = systemLookup,
  send = pinnedPushSender,
  warn = () => undefined,
  now = () => new Date(),
}: Deps) {
  // Jobs in flight (messages written, sends made), so that closing the server waits for them.
  const inFlight = new Set<Promise<unknown>>();
  function track<T>(job: Promise<T>): Promise<T> {
    const tracked = job.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  }

  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;

  /** One attempt at one message, its lease held: accepted → done; else retried, dropped or given up. */
  async function attempt(d: PendingDelivery): Promise<void> {
    const at = now();
    const expires = Date.parse(d.expiresAt);
    const ttl = Math.ceil((expires - at.getTime()) / 1000);
    const giveUp = async (err: unknown, message: string) => {
      warn(err, message);
      await subscriptions.deliveryDone(d.id);
    };
    const later = async (err: unknown, waitMs: number | undefined) => {
      const attempts = d.attempts + 1;
      const wait = Math.min(PUSH_RETRY_MAX_MS, Math.max(1000, waitMs ?? backoffMs(attempts)));
      if (attempts >= PUSH_MAX_ATTEMPTS || at.getTime() + wait >= expires)
        return giveUp(err, 'reminder push given up after its retries');
      warn(err, 'reminder push not delivered yet: retried later');
      await subscriptions.deliveryLater(d.id, new Date(at.getTime() + wait).toISOString());
    };
    if (ttl <= 0) return giveUp({ id: d.id }, 'reminder push expired before the push service took it');
    let target: CheckedEndpoint;
    try {
      // Checked again at every send: the stored URL, and what its name resolves to now.
      target = await checkEndpoint(d.subscription.endpoint, allowPrivateEndpoints, lookup);
    } catch (err) {
      if (err instanceof EndpointRefused) return giveUp(err, 'reminder push refused: endpoint not allowed');
      return later(err, undefined); // the name did not resolve: a DNS failure, like a network one
    }
    let answer: PushAnswer;
    try {
      answer = await send(
        target,
        {
          endpoint: d.subscription.endpoint,
          keys: { p256dh: d.subscription.p256dh, auth: d.subscription.auth },
        },
        d.payload,
        {
          vapidDetails: vapid,
          TTL: ttl,
          urgency: d.urgency as PushUrgency,
          ...(d.topic ? { topic: d.topic } : {}),
          timeout: SEND_TIMEOUT_MS,
        },
      );
    } catch (err) {
      return later(err, undefined);
    }
    const { status } = answer;
    if (status >= 200 && status < 300) return subscriptions.deliveryDone(d.id);
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never be reached again.
      await subscriptions.deleteById(d.subscription.id);
      return subscriptions.deliveryDone(d.id);
    }
    if (status === 429 || status >= 500)
      return later({ status }, retryAfterMs(answer.headers['retry-after'], at));
    return giveUp({ status }, 'reminder push refused by the push service');
  }

  /** Sends every message due now that no other node holds, batch by batch. */
  async function drainOnce(): Promise<void> {
    for (;;) {
      const at = now();
      const batch = await subscriptions.claimDue(
        at.toISOString(),
        new Date(at.getTime() + PUSH_LEASE_MS).toISOString(),
        CLAIM_BATCH,
      );
      await Promise.all(
        batch.map((d) => attempt(d).catch((err: unknown) => warn(err, 'reminder push not sent'))),
      );
      if (batch.length < CLAIM_BATCH || stopped) return;
    }
  }

  let draining: Promise<void> | null = null;
  let again = false;
  /** One drain at a time per process; asked while one runs, it runs once more after. */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    const run = (async () => {
      do {
        again = false;
        await drainOnce();
      } while (again && !stopped);
    })()
      .catch((err: unknown) => warn(err, 'reminder pushes not sent'))
      .finally(() => {
        draining = null;
        schedule();
      });
    draining = run;
    return track(run);
  }

  /** Wakes when the next message falls due (a retry), and at least every PUSH_POLL_MS. */
  function schedule(): void {
    if (stopped || !started) return;
    void track(
      (async () => {
        const next = await subscriptions.nextDue();
        if (stopped) return;
        const wait =
          next === null
            ? PUSH_POLL_MS
            : Math.min(PUSH_POLL_MS, Math.max(100, Date.parse(next) - now().getTime()));
        clearTimeout(timer);
        timer = setTimeout(() => void drain(), wait);
        timer.unref();
      })().catch((err: unknown) => warn(err, 'reminder pushes not scheduled')),
    );
  }

  return {
    publicKey: () => vapid.publicKey,

    /** `created: false` when the endpoint was known already (the stored one, keys updated). */
    async subscribe(
      memberId: string,
      input: PushSubscriptionInput,
    ): Promise<{ subscription: PushSubscriptionInfo; created: boolean }> {
      checkKeys(input.keys);
      try {
        await checkEndpoint(input.endpoint, allowPrivateEndpoints, lookup);
      } catch (err) {
        if (err instanceof EndpointRefused) throw invalid('body.endpoint', err.message);
        // A name that does not resolve now is taken: nothing connects to it until a send resolves
        // it and checks every address it has then.
      }
      const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
      /** After the member's newest: the cap drops the oldest, in the order they came. */
      const nextCreatedAt = async () => {
        const newest = (await subscriptions.listByUser(memberId)).at(-1);
        const at = now().getTime();
        const after = newest ? Date.parse(newest.createdAt) + 1 : at;
        return new Date(Math.max(at, after)).toISOString();
      };
      for (let attempt = 0; attempt < 3; attempt++) {
        const stored = await subscriptions.findByEndpoint(input.endpoint);
        if (!stored) {
          const fresh: StoredPushSubscription = {
            id: randomUUID(),
            userId: memberId,
            endpoint: input.endpoint,
            ...keys,
            createdAt: await nextCreatedAt(),
          };
          if (await subscriptions.insert(fresh)) {
            await subscriptions.keepNewest(memberId, PUSH_SUBSCRIPTIONS_PER_MEMBER);
            return { subscription: info(fresh), created: true };
          }
          continue; // posted twice at once: the other insert won, read it again
        }
        const sameBrowser = stored.p256dh === keys.p256dh && stored.auth === keys.auth;
        if (stored.userId !== memberId && !sameBrowser)
          throw conflict('This push subscription belongs to another account.', [
            { field: 'body.endpoint', message: 'is subscribed by another account' },
          ]);
        // Taken over from another account: it is this member's newest device.
        const createdAt = stored.userId === memberId ? stored.createdAt : await nextCreatedAt();
        if (
          await subscriptions.update(input.endpoint, stored.userId, { userId: memberId, ...keys, createdAt })
        ) {
          if (stored.userId !== memberId)
            await subscriptions.keepNewest(memberId, PUSH_SUBSCRIPTIONS_PER_MEMBER);
          return { subscription: info({ ...stored, userId: memberId, ...keys, createdAt }), created: false };
        }
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
     * Pushes one message to every device of the member: written down for each device first (a
     * restart or another node finds it), then sent in the background; retried on 429, 5xx and
     * network failures (backoff, or the service's Retry-After), deleted once the push service
     * accepted it. A failure is logged, never thrown; a device the push service calls gone
     * (404/410) is deleted. Every message carries a TTL, an Urgency and a Topic (from its tag).
     *
     * `throttle`: at most one push per member and tag a minute (PUSH_TAG_WINDOW_MS): the first
     * goes at once; a later one in that minute waits for the minute's end, and one more meanwhile
     * rewrites the waiting message (the newest text, one notification). `message` answers null to
     * send nothing (the member turned the kind off, or muted the room).
     */
    notify(
      memberId: string,
      message: (
        locale: ServerLocale | null,
      ) => DeclarativePushMessage | null | Promise<DeclarativePushMessage | null>,
      options: { urgency?: PushUrgency; ttlSeconds?: number; throttle?: boolean } = {},
    ): Promise<void> {
      return track(
        (async () => {
          const devices = await subscriptions.listByUser(memberId);
          if (devices.length === 0) return;
          const payload = await message(await subscriptions.languageOf(memberId));
          if (!payload) return;
          const at = now();
          const created = at.toISOString();
          const tag = payload.notification.tag;
          const body = JSON.stringify(payload);
          let sendAt = created;
          let key: string | null = null;
          if (options.throttle && tag) {
            key = `${memberId}:${tag}`;
            const slot = await subscriptions.takeSlot(memberId, tag, at, PUSH_TAG_WINDOW_MS);
            sendAt = slot.at;
            // A message of this tag already waits for the minute's end: it says the newest now.
            if (!slot.fresh && (await subscriptions.replacePending(key, body, created)) > 0) return;
          }
          await subscriptions.addDeliveries(
            devices.map((s) => ({
              id: randomUUID(),
              subscription_id: s.id,
              payload: body,
              topic: tag ? topicOf(tag) : null,
              urgency: options.urgency ?? 'normal',
              // The TTL counts from the message's first attempt (a throttled one: the minute's end).
              expires_at: new Date(
                Date.parse(sendAt) + (options.ttlSeconds ?? REMINDER_PUSH_TTL_SECONDS) * 1000,
              ).toISOString(),
              next_attempt_at: sendAt,
              created_at: created,
              coalesce_key: key,
            })),
          );
          // Sent even while the server closes: closing waits for the pushes of jobs already under way.
          await drain();
        })().catch((err: unknown) => warn(err, 'push not sent')),
      );
    },

    /** Starts sending what waits (messages left by a restart or another node), then wakes as due. */
    start(): void {
      if (started || stopped) return;
      started = true;
      void drain();
    },

    /** Sends whatever is due now (tests; the timer does it otherwise). */
    drain,

    /** Stops waking; waits for the sends in flight (server closing). Waiting messages stay stored. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      clearTimeout(timer);
    },

    /** Waits for the pushes in flight (server closing; tests). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type PushService = ReturnType<typeof pushService>;

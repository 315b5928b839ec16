// How reminders reach the member outside the app: Web Push subscriptions of the
// member's devices, and the calendar feed behind a secret key. Client code imports only the types.
import { Type, type Static } from 'typebox';

/** A push service URL is short; a longer one is refused (400). */
export const PUSH_ENDPOINT_MAX = 2048;

/** POST /push-subscriptions: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionInput = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX, pattern: '^https?://' }),
  // Milliseconds since 1970, within what a JavaScript Date can hold: every body number has a range.
  expirationTime: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 8.64e15 }), Type.Null()])),
  keys: Type.Object({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed → 87 characters). */
    p256dh: Type.String({ minLength: 80, maxLength: 100, pattern: '^[A-Za-z0-9_-]+={0,2}$' }),
    /** The browser's 16-byte auth secret, base64url. */
    auth: Type.String({ minLength: 16, maxLength: 32, pattern: '^[A-Za-z0-9_-]+={0,2}$' }),
  }),
});
export type PushSubscriptionInput = Static<typeof PushSubscriptionInput>;

/** A subscription as answered: never its keys. */
export const PushSubscriptionInfo = Type.Object({
  id: Type.String(),
  endpoint: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PushSubscriptionInfo = Static<typeof PushSubscriptionInfo>;

/** DELETE /push-subscriptions. */
export const PushSubscriptionDelete = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }),
});
export type PushSubscriptionDelete = Static<typeof PushSubscriptionDelete>;

/** GET /push-subscriptions/vapid-public-key: the applicationServerKey, base64url. */
export const VapidPublicKey = Type.Object({ publicKey: Type.String() });
export type VapidPublicKey = Static<typeof VapidPublicKey>;

/** GET /reminders/calendar-key and POST /reminders/calendar-key/renew: the member's feed URL. */
export const CalendarFeed = Type.Object({
  url: Type.String({ description: 'GET it without a session: the key in it is the secret' }),
});
export type CalendarFeed = Static<typeof CalendarFeed>;

/** GET /reminders/calendar.ics?key=… */
export const CalendarFeedQuery = Type.Object({ key: Type.String({ minLength: 1, maxLength: 256 }) });
export type CalendarFeedQuery = Static<typeof CalendarFeedQuery>;

/** What a reminder's Web Push message carries (the service worker shows it). */
export interface ReminderPushPayload {
  title: string;
  body: string;
  /** The car's page: `/car/{carId}`. */
  url: string;
  /** One per reminder: a newer message replaces the older one on the device. */
  tag: string;
}

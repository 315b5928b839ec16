// This device's Web Push subscription for reminders: the browser's permission is asked
// only when the member turns it on; the subscription is made with the server's VAPID key and
// posted; turning it off deletes it on the server and unsubscribes the browser.
import { ApiError } from '@/lib/http/api-client';
import { deleteSubscription, getVapidPublicKey, saveSubscription } from '../api/push-subscriptions';

export type DevicePushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** base64url → bytes, as pushManager.subscribe wants the applicationServerKey. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** Whether this device gets reminders now. */
export async function devicePushState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks the permission (now, never before), subscribes and tells the server. */
export async function turnOnDevicePush(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready);
  const applicationServerKey = keyBytes(await getVapidPublicKey());
  let subscription = await reg.pushManager.getSubscription();
  const sameKey = (s: PushSubscription) => {
    const key = s.options.applicationServerKey;
    if (!key) return false;
    const have = new Uint8Array(key);
    return have.length === applicationServerKey.length && have.every((b, i) => b === applicationServerKey[i]);
  };
  if (subscription && !sameKey(subscription)) {
    // Made with another server key (the server's keys changed): a new one is needed.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  try {
    await saveSubscription(subscription.toJSON());
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/** Deletes the subscription on the server (already gone there is fine), then in the browser. */
export async function turnOffDevicePush(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await deleteSubscription(subscription.endpoint).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
    await subscription.unsubscribe();
  }
  return 'off';
}

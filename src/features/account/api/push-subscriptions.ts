import type { PushSubscriptionInfo, VapidPublicKey } from '@/contract/reminder-delivery';
import { api, apiFetch } from '@/lib/http/api-client';

/** GET /push-subscriptions/vapid-public-key: the applicationServerKey (base64url). */
export async function getVapidPublicKey(): Promise<string> {
  return (await api.get<VapidPublicKey>('/push-subscriptions/vapid-public-key')).publicKey;
}

/** POST /push-subscriptions with the browser's PushSubscription JSON. */
export function saveSubscription(subscription: PushSubscriptionJSON): Promise<PushSubscriptionInfo> {
  return api.post<PushSubscriptionInfo>('/push-subscriptions', subscription);
}

/** DELETE /push-subscriptions for this device's endpoint. */
export async function deleteSubscription(endpoint: string): Promise<{ id: string }> {
  return (await apiFetch<{ id: string }>('/push-subscriptions', { method: 'DELETE', body: { endpoint } }))
    .data;
}

// Whether Paddock's server answers. navigator.onLine only says that some network is there: a
// member on a Wi-Fi without Internet, or with the server down, is "online" and still cut off. Every
// request reports its outcome here (the API client, the outbox transport, the token refresh), and
// so does the socket when it connects; screens and the header read the result.
//
// "Back" (onConnectionBack) fires when the server answers again after a failure, when the socket
// connects after a failure, and on the browser's `online` event: screens showing a stale copy
// refresh then, so a banner set by a failed refresh clears by itself.
import { useEffect, useSyncExternalStore } from 'react';
import { isOnline } from './online';

/** 'offline': no network; 'unreachable': a network, but the last request could not reach the server. */
export type Reachability = 'online' | 'offline' | 'unreachable';

/** Gateway answers: a proxy is there, Paddock's server behind it is not. */
const GATEWAY_STATUSES = [502, 504];

let serverUnreachable = false;
const stateListeners = new Set<() => void>();
const backListeners = new Set<() => void>();

const notifyState = () => stateListeners.forEach((listener) => listener());
/** Counts the comebacks, so a screen can tell one happened between its render and its effect. */
let backEpoch = 0;
const notifyBack = () => {
  backEpoch += 1;
  backListeners.forEach((listener) => listener());
};

/** A request could not reach the server (fetch rejected, or a gateway answered for it). */
export function reportUnreachable(): void {
  if (serverUnreachable) return;
  serverUnreachable = true;
  notifyState();
}

/** The server answered (whatever the status): if it was unreachable, the connection is back. */
export function reportReached(): void {
  if (!serverUnreachable) return;
  serverUnreachable = false;
  notifyState();
  notifyBack();
}

/** The outcome of one HTTP answer. */
export function reportAnswerStatus(status: number): void {
  if (GATEWAY_STATUSES.includes(status)) reportUnreachable();
  else reportReached();
}

export function getReachability(): Reachability {
  if (!isOnline()) return 'offline';
  return serverUnreachable ? 'unreachable' : 'online';
}

export function subscribeReachability(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Called each time the connection comes back (see above); returns the unsubscribe. */
export function onConnectionBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', notifyState);
  window.addEventListener('online', () => {
    notifyState();
    notifyBack(); // a network again: worth asking the server (its answer settles 'unreachable')
  });
}

export function useReachability(): Reachability {
  return useSyncExternalStore(subscribeReachability, getReachability, () => 'online');
}

/**
 * While `failed` (a screen's last refresh failed and it shows a stale copy, with its banner), runs
 * `retry` each time the connection comes back, so the banner goes away by itself.
 */
export function useRetryWhenBack(failed: boolean, retry: () => unknown): void {
  // A comeback between this render and the effect below would find no listener yet: retry then.
  const epochAtRender = backEpoch;
  useEffect(() => {
    if (!failed) return undefined;
    if (backEpoch !== epochAtRender) void retry();
    return onConnectionBack(() => void retry());
  }, [failed, retry, epochAtRender]);
}

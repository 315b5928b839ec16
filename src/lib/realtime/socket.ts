// The realtime connection (spec §4, §7). socket.io-client is loaded with a dynamic import so it
// stays out of the entry chunk. Recovery rules:
// - disconnect reasons 'io server disconnect' (the server closed us, e.g. token no longer valid;
//   socket.io does not retry these) and 'transport error' (the connection failed mid-way), and a
//   connect_error containing "Authentication error": refresh the token, reconnect after 1000 ms.
//   Other reasons ('transport close', 'ping timeout') are left to socket.io's own reconnection;
//   if its stored token has expired meanwhile, the handshake fails with "Authentication error"
//   and the rule above takes over.
// - after any token refresh: reconnect after 100 ms with the new token.
// - a refused refresh signs out (inside refreshTokens); a network failure keeps trying.
// - a connect_error containing "Service unavailable" (the server could not check the token, e.g.
//   its database is away): no refresh, connect again after 1 s, 2 s, 4 s … at most 30 s (socket.io
//   does not retry a handshake its server middleware refused).
// - after MAX_RECOVERY_ATTEMPTS refresh-and-reconnect rounds without one successful connection,
//   live updates are 'paused' (the screens say so) and the rounds go on, spaced 5 s, 10 s, 20 s …
//   at most 60 s, so a stuck connection never floods the server and never gives up; coming back
//   online or to the app tries again at once.
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@/contract/socket-events';
import { SOCKET_AUTH_ERROR, SOCKET_UNAVAILABLE_ERROR } from '@/contract/socket-events';
import { isNetworkError } from '../http/api-errors';
import { onTokensRefreshed, refreshTokens } from '../auth/refresh';
import { onSignedOut } from '../auth/sign-out';
import { afterFirstContent } from '../first-paint/first-content';
import { reportReached } from '../network/reachability';
import { tokenStore } from '../auth/token';
import {
  onStream,
  routeChatTyping,
  routeNotification,
  routeNotificationsRead,
  routePostUpdated,
  type StreamName,
  type StreamEvent,
} from './socket-streams';

export type { StreamName, StreamEvent } from './socket-streams';
/** 'paused': the quick recovery rounds failed; slower rounds go on in the background. */
export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected' | 'paused';

export const RECONNECT_AFTER_AUTH_ERROR_MS = 1000;
export const RECONNECT_AFTER_REFRESH_MS = 100;
export const RECOVER_ON_DISCONNECT_REASONS = ['io server disconnect', 'transport error'] as const;
/** Quick refresh-and-reconnect rounds without one successful connection before live updates pause. */
export const MAX_RECOVERY_ATTEMPTS = 3;
/** While paused, the rounds go on spaced by these delays: doubling from the first, capped. */
export const PAUSED_RETRY_FIRST_MS = 5_000;
export const PAUSED_RETRY_MAX_MS = 60_000;
/** Reconnect delays while the server cannot check tokens: doubling from the first, capped. */
export const UNAVAILABLE_RETRY_FIRST_MS = 1_000;
export const UNAVAILABLE_RETRY_MAX_MS = 30_000;

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let status: RealtimeStatus = 'disconnected';
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let recoveryTimer: ReturnType<typeof setTimeout> | null = null;
let recoveryAttempts = 0;
let paused = false;
let pausedRounds = 0;
let unavailableAttempts = 0;
let connectSeq = 0;
const joinedPosts = new Set<string>();
const statusListeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  statusListeners.forEach((listener) => listener());
}

/** Paused: the next round after a growing delay instead of at once (no refresh storm). */
function scheduleRecovery(): void {
  if (recoveryAttempts < MAX_RECOVERY_ATTEMPTS) {
    void recover();
    return;
  }
  paused = true;
  setStatus('paused');
  const delay = Math.min(PAUSED_RETRY_MAX_MS, PAUSED_RETRY_FIRST_MS * 2 ** pausedRounds);
  pausedRounds += 1;
  if (recoveryTimer) clearTimeout(recoveryTimer);
  recoveryTimer = setTimeout(() => {
    recoveryTimer = null;
    void recover();
  }, delay);
}

async function recover(): Promise<void> {
  recoveryAttempts += 1;
  try {
    await refreshTokens();
  } catch (error) {
    // A refusal has signed out already (and disconnected us); offline we still try again later.
    if (!isNetworkError(error) && !tokenStore.getRefreshToken()) return;
  }
  realtime.reconnectAfter(RECONNECT_AFTER_AUTH_ERROR_MS);
}

function attach(s: AppSocket): void {
  s.on('connect', () => {
    recoveryAttempts = 0;
    paused = false;
    pausedRounds = 0;
    unavailableAttempts = 0;
    setStatus('connected');
    reportReached(); // the server is there: screens showing a stale copy refresh
    joinedPosts.forEach((postId) => s.emit('join_post', postId)); // rooms do not survive a new socket
  });
  s.on('disconnect', (reason) => {
    setStatus(paused ? 'paused' : 'disconnected');
    if ((RECOVER_ON_DISCONNECT_REASONS as readonly string[]).includes(reason)) scheduleRecovery();
  });
  s.on('connect_error', (error) => {
    setStatus(paused ? 'paused' : 'disconnected');
    if (error.message.includes(SOCKET_AUTH_ERROR)) scheduleRecovery();
    else if (error.message.includes(SOCKET_UNAVAILABLE_ERROR)) {
      const delay = Math.min(UNAVAILABLE_RETRY_MAX_MS, UNAVAILABLE_RETRY_FIRST_MS * 2 ** unavailableAttempts);
      unavailableAttempts += 1;
      realtime.reconnectAfter(delay);
    }
  });
  s.on('notification', routeNotification);
  s.on('postUpdated', routePostUpdated);
  s.on('chatTyping', routeChatTyping);
  s.on('notificationsRead', routeNotificationsRead);
}

function closeSocket(): void {
  connectSeq += 1; // a connect() still loading the library must not open a socket afterwards
  if (!socket) return;
  const old = socket;
  socket = null;
  old.removeAllListeners();
  old.disconnect();
}

export const realtime = {
  async connect(): Promise<void> {
    if (socket) return;
    const token = tokenStore.getAccessToken();
    if (!token) return;
    const seq = ++connectSeq;
    setStatus(paused ? 'paused' : 'connecting');
    await afterFirstContent(); // the feed's first post before the library (lib/first-content.ts)
    const { io } = await import('socket.io-client');
    if (seq !== connectSeq || socket) return;
    const s: AppSocket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    socket = s;
    attach(s);
  },
  disconnect(): void {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    if (recoveryTimer) clearTimeout(recoveryTimer);
    reconnectTimer = null;
    recoveryTimer = null;
    recoveryAttempts = 0;
    paused = false;
    pausedRounds = 0;
    closeSocket();
    setStatus('disconnected');
  },
  /** Closes the current socket after `ms` and opens a new one with the stored token. */
  reconnectAfter(ms: number): void {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      closeSocket();
      void realtime.connect();
    }, ms);
  },
  /** Paused live updates try again now (the device came back online or to the app). */
  retryNow(): void {
    if (status !== 'paused' || !recoveryTimer) return;
    clearTimeout(recoveryTimer);
    recoveryTimer = null;
    void recover();
  },
  joinPost(postId: string): void {
    joinedPosts.add(postId);
    if (socket?.connected) socket.emit('join_post', postId);
  },
  leavePost(postId: string): void {
    joinedPosts.delete(postId);
    if (socket?.connected) socket.emit('leave_post', postId);
  },
  /** I am typing in this chat room (callers send it at most every few seconds); dropped offline. */
  chatTyping(chatRoomId: string): void {
    if (socket?.connected) socket.emit('chat_typing', chatRoomId);
  },
  on<S extends StreamName>(stream: S, listener: (event: StreamEvent<S>) => void): () => void {
    return onStream(stream, listener);
  },
  getStatus: (): RealtimeStatus => status,
  subscribeStatus(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
};

// Only a live session needs a socket; a refresh changes the token it must present.
onTokensRefreshed(() => {
  if (socket || reconnectTimer) realtime.reconnectAfter(RECONNECT_AFTER_REFRESH_MS);
});
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => realtime.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') realtime.retryNow();
  });
}
onSignedOut(() => {
  joinedPosts.clear();
  realtime.disconnect();
});

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtime.subscribeStatus, realtime.getStatus, realtime.getStatus);
}

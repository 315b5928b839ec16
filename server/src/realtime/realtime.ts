// The socket.io server: the one module that talks to sockets. Services emit through app.realtime;
// routes never do (docs/ARCHITECTURE.md, after Immich's websocket repository).
import { createRequire } from 'node:module';
import type * as RedisAdapter from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { CHAT_TYPING_MIN_INTERVAL_MS } from '../../../src/contract/constants';
import {
  SOCKET_AUTH_ERROR,
  SOCKET_UNAVAILABLE_ERROR,
  type ClientToServerEvents,
  type NotificationEvent,
  type ServerToClientEvents,
  type SocketAuth,
} from '../../../src/contract/socket-events';
import type { Config } from '../config';
import { allowedOrigins } from '../http/security';
import { createAdapterClients } from './redis';

// Only with REDIS_URL: a single node never loads the adapter.
const load = createRequire(import.meta.url);

export interface SocketData {
  memberId: string;
  sessionId: string;
}
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type Broadcast = ReturnType<RealtimeServer['to']>;
/** Whether a member may read a post, so receive its live updates. Set by the posts feature. */
export type PostAccess = (memberId: string, postId: string) => Promise<boolean>;
/**
 * The other participants of a chat room when `memberId` is one of them, else null (the typing
 * event is then ignored). Set by the chat feature.
 */
export type ChatTypingTargets = (memberId: string, chatRoomId: string) => Promise<string[] | null>;

export interface Realtime {
  io: RealtimeServer;
  /** Every socket of one member, on every node. */
  toMember(memberId: string): Broadcast;
  /** Every socket that joined a post (join_post), on every node. */
  toPost(postId: string): Broadcast;
  notify(memberId: string, event: NotificationEvent): void;
  setPostAccess(fn: PostAccess): void;
  canJoinPost(memberId: string, postId: string): Promise<boolean>;
  setChatTypingTargets(fn: ChatTypingTargets): void;
  /**
   * Checks again every post room the member's sockets joined (every node) and leaves those the
   * member may no longer read (a friendship ended, a post deleted or hidden).
   */
  revalidatePostRooms(memberId: string): Promise<void>;
  /** Closes the sockets of a signed-out or revoked session, on every node. */
  disconnectSession(sessionId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Socket messages are post ids; 16 KB leaves room and stops memory abuse. */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const memberRoom = (memberId: string) => `member:${memberId}`;
const POST_ROOM_PREFIX = 'post:';
export const postRoom = (postId: string) => `${POST_ROOM_PREFIX}${postId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Cross-site WebSocket hijacking guard (ASVS 4.4.2): a browser always sends Origin, so one that is
 * neither allow-listed nor this very host is refused. No Origin at all is a native client.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: Set<string>,
): boolean {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** `exp` of a token the handshake has already verified, in ms; null when absent. */
function tokenExpiry(token: string | undefined): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function registerRealtime(app: FastifyInstance, config: Config) {
  const origins = allowedOrigins(config);
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    cors: { origin: [...origins], methods: ['GET', 'POST'] },
    allowRequest: (req, callback) =>
      callback(null, isAllowedOrigin(req.headers.origin, req.headers.host, origins)),
  });
  const redis = config.redisUrl ? createAdapterClients(config.redisUrl, app.log) : [];
  if (redis[0] && redis[1]) {
    const { createAdapter } = load('@socket.io/redis-adapter') as typeof RedisAdapter;
    io.adapter(createAdapter(redis[0], redis[1], { key: `${config.redisPrefix}socket.io` }));
  }

  let postAccess: PostAccess = async () => false;
  let chatTypingTargets: ChatTypingTargets = async () => null;

  io.use((socket, next) => {
    const token = (socket.handshake.auth as Partial<SocketAuth> | undefined)?.token;
    if (typeof token !== 'string' || token.length === 0)
      return next(new Error(`${SOCKET_AUTH_ERROR}: no token`));
    app.verifyAccessToken(token).then(
      (member) => {
        socket.data.memberId = member.id;
        socket.data.sessionId = member.sessionId;
        next();
      },
      (error: unknown) => {
        // A refused token is a 401; anything else (the database away) says nothing of the token.
        if ((error as { statusCode?: unknown } | null)?.statusCode === 401)
          return next(new Error(`${SOCKET_AUTH_ERROR}: invalid or expired token`));
        app.log.warn({ err: error }, 'socket handshake: the token could not be checked');
        next(new Error(`${SOCKET_UNAVAILABLE_ERROR}: try again shortly`));
      },
    );
  });

  io.on('connection', (socket) => {
    const { memberId, sessionId } = socket.data;
    void socket.join([memberRoom(memberId), sessionRoom(sessionId)]);
    // A socket lives no longer than its token: the client refreshes and reconnects (spec §4).
    const expiresAt = tokenExpiry((socket.handshake.auth as Partial<SocketAuth>).token);
    if (expiresAt !== null) {
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
    }
    socket.on('join_post', (postId) => {
      if (typeof postId !== 'string' || !UUID.test(postId)) return;
      postAccess(memberId, postId).then(
        (allowed) => {
          if (allowed && socket.connected) void socket.join(postRoom(postId));
        },
        (err: unknown) => app.log.warn({ err, postId }, 'post access check failed'),
      );
    });
    socket.on('leave_post', (postId) => {
      if (typeof postId === 'string' && UUID.test(postId)) void socket.leave(postRoom(postId));
    });
    // chat_typing: at most one per room per interval per socket (the rest are dropped before any
    // database read); relayed, volatile, to the room's other participants only.
    const lastTyping = new Map<string, number>();
    socket.on('chat_typing', (chatRoomId) => {
      if (typeof chatRoomId !== 'string' || !UUID.test(chatRoomId)) return;
      const at = Date.now();
      if (at - (lastTyping.get(chatRoomId) ?? 0) < CHAT_TYPING_MIN_INTERVAL_MS) return;
      if (lastTyping.size >= 32) lastTyping.clear();
      lastTyping.set(chatRoomId, at);
      chatTypingTargets(memberId, chatRoomId).then(
        (others) => {
          if (!others || others.length === 0 || !socket.connected) return;
          io.to(others.map(memberRoom)).volatile.emit('chatTyping', { chatRoomId, userId: memberId });
        },
        (err: unknown) => app.log.warn({ err, chatRoomId }, 'chat typing check failed'),
      );
    });
  });

  const realtime: Realtime = {
    io,
    toMember: (memberId) => io.to(memberRoom(memberId)),
    toPost: (postId) => io.to(postRoom(postId)),
    notify: (memberId, event) => void io.to(memberRoom(memberId)).emit('notification', event),
    setPostAccess: (fn) => {
      postAccess = fn;
    },
    canJoinPost: (memberId, postId) => postAccess(memberId, postId),
    setChatTypingTargets: (fn) => {
      chatTypingTargets = fn;
    },
    async revalidatePostRooms(memberId) {
      const sockets = await io.in(memberRoom(memberId)).fetchSockets();
      const postIds = new Set<string>();
      for (const socket of sockets)
        for (const room of socket.rooms)
          if (room.startsWith(POST_ROOM_PREFIX)) postIds.add(room.slice(POST_ROOM_PREFIX.length));
      for (const postId of postIds) {
        if (await postAccess(memberId, postId)) continue;
        for (const socket of sockets) socket.leave(postRoom(postId));
      }
    },
    disconnectSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
  };
  app.decorate('realtime', realtime);

  // Open websockets would keep the HTTP server from closing: end this node's sockets first.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
  });
}

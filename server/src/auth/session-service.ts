import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RefreshResult } from '../../../src/contract/auth';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { unauthorized } from '../http/errors';
import { checkAccessToken, signAccessToken } from './access-token';
import { hashToken, isoIn, nowIso, randomToken } from './secrets';
import type { SessionsRepository } from './sessions-repository';

export interface AuthMember {
  id: string;
  sessionId: string;
}

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

const REFUSED = 'Your session has expired. Please sign in again.';

/** Told when sessions end, so that their open sockets close at once (on every node). */
export interface SessionEndListener {
  sessionEnded(sessionId: string): void;
  allSessionsEnded(userId: string): void;
}

const nobodyListens: SessionEndListener = { sessionEnded: () => {}, allSessionsEnded: () => {} };

/** Sessions are refresh-token families; access tokens name theirs in `sid`. */
export function createSessionService(
  config: Config,
  db: Kysely<Database>,
  sessions: SessionsRepository,
  listener: SessionEndListener = nobodyListens,
) {
  const revoke = async (sessionId: string) => {
    await sessions.revokeSession(sessionId);
    listener.sessionEnded(sessionId);
  };

  const signFor = (userId: string, sessionId: string) =>
    signAccessToken(config.jwtSecret, { userId, sessionId }, config.accessTokenTtlSeconds);

  /** A refresh token never outlives its family's absolute end. */
  const refreshExpiry = (sessionExpiresAt: string) => {
    const own = isoIn(config.refreshTokenTtlSeconds);
    return own < sessionExpiresAt ? own : sessionExpiresAt;
  };

  return {
    /** Signs a member in on a new device: a new family, its first refresh token, an access token. */
    async start(userId: string): Promise<SessionTokens> {
      const sessionId = randomUUID();
      const sessionExpiresAt = isoIn(config.sessionMaxAgeSeconds);
      const refreshToken = randomToken();
      await db.transaction().execute(async (trx) => {
        await sessions.createSession({ id: sessionId, userId, expiresAt: sessionExpiresAt }, trx);
        await sessions.addRefreshToken(
          { tokenHash: hashToken(refreshToken), sessionId, expiresAt: refreshExpiry(sessionExpiresAt) },
          trx,
        );
      });
      return { token: await signFor(userId, sessionId), refreshToken };
    },

    /**
     * Rotation: the presented token is spent and a new one joins the same family. A token that
     * was already spent means it leaked or was replayed: the whole family is revoked.
     */
    async refresh(refreshToken: string): Promise<RefreshResult> {
      const tokenHash = hashToken(refreshToken);
      const found = await sessions.findRefreshToken(tokenHash);
      const now = nowIso();
      if (!found || found.sessionRevokedAt !== null || found.sessionExpiresAt <= now)
        throw unauthorized(REFUSED);
      if (found.usedAt !== null) {
        await revoke(found.sessionId);
        throw unauthorized(REFUSED);
      }
      if (found.tokenExpiresAt <= now) throw unauthorized(REFUSED);
      const next = randomToken();
      const rotated = await db.transaction().execute(async (trx) => {
        if (!(await sessions.markRefreshTokenUsed(tokenHash, trx))) return false;
        await sessions.addRefreshToken(
          {
            tokenHash: hashToken(next),
            sessionId: found.sessionId,
            expiresAt: refreshExpiry(found.sessionExpiresAt),
          },
          trx,
        );
        return true;
      });
      if (!rotated) {
        // Another request spent it between our read and our update: a reuse like any other.
        await revoke(found.sessionId);
        throw unauthorized(REFUSED);
      }
      const accessToken = await signFor(found.userId, found.sessionId);
      return { accessToken, token: accessToken, refreshToken: next };
    },

    /** Signature, claims, then the session row: logout and password reset end access at once. */
    // Behind every signed-in request: a plain promise chain, not an async function;
    // it still rejects, never throws.
    verifyAccess(token: string): Promise<AuthMember> {
      const claims = checkAccessToken(config.jwtSecret, token);
      if (!claims) return Promise.reject(unauthorized('Invalid or expired access token.'));
      return sessions.findLiveSession(claims.sessionId, claims.userId).then((live) => {
        if (!live) throw unauthorized('Invalid or expired access token.');
        return { id: live.userId, sessionId: live.sessionId };
      });
    },

    /** Logout: quietly does nothing for a token that is unknown or already dead. */
    async revokeByAccessToken(token: string): Promise<void> {
      const claims = checkAccessToken(config.jwtSecret, token);
      if (claims) await revoke(claims.sessionId);
    },

    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const found = await sessions.findRefreshToken(hashToken(refreshToken));
      if (found) await revoke(found.sessionId);
    },

    async revokeAllForUser(userId: string, trx?: Kysely<Database>): Promise<void> {
      await sessions.revokeAllForUser(userId, trx);
      // The client waits 1 s before it reconnects, well after this transaction commits.
      listener.allSessionsEnded(userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import type { ServerLocale } from '../platform/locales';
import { normalizeEmail } from './account-service';
import type { Mailer } from './mailer';
import { assertAcceptablePassword, type PasswordHasher } from './passwords';
import { resetPasswordMail } from './reset-mail';
import type { ResetTokensRepository } from './reset-tokens-repository';
import { hashToken, isoIn, randomToken } from './secrets';
import type { SessionService } from './session-service';
import { userLanguage, type UsersRepository } from './users-repository';

/** The same sentence whether or not the address has an account (no enumeration). */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this e-mail address, a link to reset its password is on its way.';
export const RESET_DONE_MESSAGE = 'Your password has been changed. Please sign in with your new password.';

const invalidResetToken = () =>
  new AppError(
    400,
    'INVALID_RESET_TOKEN',
    'This reset link is invalid or has expired. Please ask for a new one.',
  );

export interface PasswordResetDeps {
  config: Config;
  db: Kysely<Database>;
  users: UsersRepository;
  resetTokens: ResetTokensRepository;
  sessions: SessionService;
  hasher: PasswordHasher;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { config, db, users, resetTokens, sessions, hasher, mailer, log } = deps;

  const pending = new Set<Promise<void>>();

  async function storeAndSend(
    user: { id: string; email: string },
    token: string,
    tokenHash: string,
    locale: ServerLocale,
  ) {
    await resetTokens.insert({ tokenHash, userId: user.id, expiresAt: isoIn(config.resetTokenTtlSeconds) });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send(resetPasswordMail(user.email, link, config.resetTokenTtlSeconds, locale));
  }

  return {
    /**
     * `locale` (the request's Accept-Language) writes the mail when the member has chosen no
     * language. Known and unknown addresses take the same path up to the answer: one lookup, one token made
     * and hashed. Storing the token and sending the mail wait for `answered` (the route resolves it
     * once the answer has gone), unawaited: no database write of a known address comes before it.
     */
    async forgotPassword(email: string, locale: ServerLocale, answered: Promise<void>): Promise<string> {
      const user = await users.findByEmail(normalizeEmail(email));
      const token = randomToken();
      const tokenHash = hashToken(token);
      if (user) {
        const work: Promise<void> = answered
          // In the language the member chose, else the one their browser asks for.
          .then(() => storeAndSend(user, token, tokenHash, userLanguage(user.language) ?? locale))
          .catch((err: unknown) => {
            log.error(
              { err: err instanceof Error ? { message: err.message } : 'unknown' },
              'reset mail failed',
            );
          })
          .finally(() => pending.delete(work));
        pending.add(work);
      }
      return FORGOT_PASSWORD_MESSAGE;
    },

    /** Lets mails still being written finish before the database closes. */
    async drain(): Promise<void> {
      await Promise.all([...pending]);
    },

    async validate(token: string): Promise<void> {
      if (!(await resetTokens.isValid(hashToken(token)))) throw invalidResetToken();
    },

    /** Single use; on success every session of the member ends (a thief's included). */
    async resetPassword(token: string, newPassword: string): Promise<string> {
      const tokenHash = hashToken(token);
      if (!(await resetTokens.isValid(tokenHash))) throw invalidResetToken();
      assertAcceptablePassword(newPassword, 'newPassword');
      const passwordHash = await hasher.hash(newPassword);
      await db.transaction().execute(async (trx) => {
        const userId = await resetTokens.consume(tokenHash, trx);
        if (!userId) throw invalidResetToken();
        await users.setPasswordHash(userId, passwordHash, trx);
        await resetTokens.spendAllForUser(userId, trx);
        await sessions.revokeAllForUser(userId, trx);
      });
      return RESET_DONE_MESSAGE;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

// Account settings: change the password (the other sessions end), change
// the e-mail through a link mailed to the new address (no enumeration: a taken address answers
// the same), notification preferences.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_ERROR_CODES,
  EMAIL_CHANGE_TTL_SECONDS,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ChangePasswordResult,
  type EmailChanged,
  type NotificationPreferences,
  type MemberPreferences,
  type MemberPreferencesUpdate,
} from '../../../src/contract/account';
import { normalizeEmail } from '../auth/account-service';
import type { Mailer, Mail } from '../auth/mailer';
import { assertAcceptablePassword, type PasswordHasher } from '../auth/passwords';
import { hashToken, isoIn, randomToken } from '../auth/secrets';
import { isUniqueViolation, userLanguage, type UsersRepository } from '../auth/users-repository';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { AppError, badRequest, unauthorized } from '../http/errors';
import type { ServerLocale } from '../platform/locales';
import { confirmEmailMail, emailChangedMail, emailTakenMail, passwordChangedMail } from './account-mails';
import type { AccountRepository } from './account-repository';

/** The same sentence whether or not the address is free (no enumeration). */
export const EMAIL_CHANGE_MESSAGE =
  'If this address can be used, a confirmation link is on its way to it. Your address changes once you open it.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Your other devices are signed out.';
export const EMAIL_CHANGED_MESSAGE = 'Your e-mail address has been changed.';

const wrongPassword = (field: string) =>
  new AppError(400, ACCOUNT_ERROR_CODES.invalidCurrentPassword, 'Your current password is not correct.', [
    { field, message: 'is not your current password' },
  ]);
const invalidEmailToken = () =>
  new AppError(
    400,
    ACCOUNT_ERROR_CODES.invalidEmailToken,
    'This confirmation link is invalid or has expired. Please ask for a new one.',
  );

interface Deps {
  config: Config;
  db: Kysely<Database>;
  account: AccountRepository;
  users: UsersRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Closes the sockets of an ended session (on every node). */
  sessionEnded(sessionId: string): void;
  now?: () => Date;
}

export function accountSettingsService(deps: Deps) {
  const { config, db, account, users, hasher, mailer, log, sessionEnded, now = () => new Date() } = deps;
  const pending = new Set<Promise<void>>();

  /** Sends after the answer, unawaited; a failure is logged (never the mail: it may hold a link). */
  function later(work: () => Promise<Mail | null>, what: string): void {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then((m) => (m ? mailer.send(m) : undefined))
      .catch((err: unknown) => {
        log.error({ err: err instanceof Error ? { message: err.message } : 'unknown' }, `${what} failed`);
      })
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  /** The member, when `password` is theirs; 400 with a code otherwise (also without a password). */
  async function checkPassword(memberId: string, password: string, field: string) {
    const user = await users.findById(memberId);
    if (!user) throw unauthorized();
    // An account made through an outside sign-in has no password: forgot-password sets one.
    if (!user.password_hash || !(await hasher.verify(user.password_hash, password)))
      throw wrongPassword(field);
    return user;
  }

  return {
    async changePassword(
      member: { id: string; sessionId: string },
      body: ChangePasswordBody,
      locale: ServerLocale,
    ): Promise<ChangePasswordResult> {
      const user = await checkPassword(member.id, body.currentPassword, 'currentPassword');
      assertAcceptablePassword(body.newPassword, 'newPassword');
      const passwordHash = await hasher.hash(body.newPassword);
      const at = now().toISOString();
      const ended = await db.transaction().execute(async (trx) => {
        await users.setPasswordHash(member.id, passwordHash, trx);
        await account.spendResetTokens(member.id, at, trx);
        return account.revokeOtherSessions(member.id, member.sessionId, at, trx);
      });
      for (const sessionId of ended) sessionEnded(sessionId);
      // In the language the member chose, else the one their browser asks for.
      const mailLocale = userLanguage(user.language) ?? locale;
      later(async () => passwordChangedMail(user.email, mailLocale), 'password-changed mail');
      return { message: PASSWORD_CHANGED_MESSAGE, sessionsEnded: ended.length };
    },

    /**
     * Free and taken addresses take the same path up to the answer (one lookup, one token made);
     * the link (or, for a taken address, a notice to its owner) is mailed after the answer.
     */
    async requestEmailChange(memberId: string, body: ChangeEmailBody, locale: ServerLocale): Promise<string> {
      const user = await checkPassword(memberId, body.password, 'password');
      const newEmail = normalizeEmail(body.newEmail);
      if (newEmail === user.email)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'newEmail', message: 'is already your address' },
        ]);
      const token = randomToken();
      const tokenHash = hashToken(token);
      const taken = await account.emailTaken(newEmail);
      const mailLocale = userLanguage(user.language) ?? locale;
      later(async () => {
        if (taken) return emailTakenMail(newEmail, locale);
        await account.insertEmailToken(
          { tokenHash, userId: memberId, newEmail, expiresAt: isoIn(EMAIL_CHANGE_TTL_SECONDS) },
          now().toISOString(),
        );
        const link = `${config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
        return confirmEmailMail(newEmail, link, EMAIL_CHANGE_TTL_SECONDS / 3600, mailLocale);
      }, 'e-mail change mail');
      return EMAIL_CHANGE_MESSAGE;
    },

    /** Single use. The old address is told; reset links sent to it stop working. */
    async confirmEmailChange(token: string, locale: ServerLocale): Promise<EmailChanged> {
      const at = now().toISOString();
      let changed: { userId: string; oldEmail: string; newEmail: string };
      try {
        changed = await db.transaction().execute(async (trx) => {
          const row = await account.consumeEmailToken(hashToken(token), at, trx);
          if (!row) throw invalidEmailToken();
          // Taken since the link was sent: the link cannot be used any more.
          if (await account.emailTaken(row.new_email, trx)) throw invalidEmailToken();
          const oldEmail = await account.emailOf(row.user_id, trx);
          if (oldEmail === undefined) throw invalidEmailToken();
          await account.setEmail(row.user_id, row.new_email, at, trx);
          await account.spendResetTokens(row.user_id, at, trx);
          return { userId: row.user_id, oldEmail, newEmail: row.new_email };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidEmailToken();
        throw error;
      }
      const mailLocale = (await users.languageOf(changed.userId)) ?? locale;
      later(
        async () => emailChangedMail(changed.oldEmail, changed.newEmail, mailLocale),
        'e-mail changed mail',
      );
      return { email: changed.newEmail, message: EMAIL_CHANGED_MESSAGE };
    },

    async preferences(memberId: string): Promise<MemberPreferences> {
      const [switches, messagesFrom] = await Promise.all([
        account.preferences(memberId),
        account.messagesFrom(memberId),
      ]);
      return { ...switches, messagesFrom };
    },

    async updatePreferences(memberId: string, update: MemberPreferencesUpdate): Promise<MemberPreferences> {
      const { messagesFrom, ...switches } = update;
      const at = now().toISOString();
      const next: NotificationPreferences = { ...(await account.preferences(memberId)), ...switches };
      await account.savePreferences(memberId, next, at);
      if (messagesFrom !== undefined) await account.saveMessagesFrom(memberId, messagesFrom, at);
      return { ...next, messagesFrom: await account.messagesFrom(memberId) };
    },

    /** Lets mails still being written finish before the database closes. */
    async drain(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type AccountSettingsService = ReturnType<typeof accountSettingsService>;

import { randomUUID } from 'node:crypto';
import type { AuthSession, LoginBody, SignupBody } from '../../../src/contract/auth';
import type { CurrentUser } from '../../../src/contract/user';
import { conflict, unauthorized } from '../http/errors';
import { assertAcceptablePassword, type PasswordHasher } from './passwords';
import type { SessionService } from './session-service';
import { isUniqueViolation, toCurrentUser, type UsersRepository } from './users-repository';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** One message for unknown e-mail, wrong password and password-less account: no enumeration. */
export const BAD_CREDENTIALS = 'Incorrect e-mail or password.';

export interface AccountServiceDeps {
  users: UsersRepository;
  sessions: SessionService;
  hasher: PasswordHasher;
  /** An argon2 digest of a random password, made at start-up: unknown e-mails cost a real verify. */
  dummyHash: string;
}

export function createAccountService({ users, sessions, hasher, dummyHash }: AccountServiceDeps) {
  async function conflicts(email: string, username: string) {
    const fields: { field: string; message: string }[] = [];
    if (await users.findByEmail(email)) fields.push({ field: 'email', message: 'is already registered' });
    if (await users.usernameTaken(username)) fields.push({ field: 'username', message: 'is already taken' });
    return fields;
  }

  return {
    /** Only the listed fields reach the row; the schema has already dropped every other one. */
    async signup(body: SignupBody): Promise<AuthSession> {
      const email = normalizeEmail(body.email);
      const username = body.username.trim();
      assertAcceptablePassword(body.password, 'password');
      const taken = await conflicts(email, username);
      if (taken.length) throw conflict('This account already exists.', taken);
      // A client id is honoured for a new account only when it is free.
      const id = body.id && !(await users.idExists(body.id)) ? body.id : randomUUID();
      const passwordHash = await hasher.hash(body.password);
      let row;
      try {
        row = await users.insert({
          id,
          email,
          username,
          passwordHash,
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          city: body.city?.trim() || null,
          termsVersion: body.acceptedTermsVersion ?? null,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Lost a race with a signup for the same e-mail or username.
        const raced = await conflicts(email, username);
        throw conflict('This account already exists.', raced.length ? raced : undefined);
      }
      return { ...(await sessions.start(row.id)), user: toCurrentUser(row) };
    },

    async login(body: LoginBody): Promise<AuthSession> {
      const user = await users.findByEmail(normalizeEmail(body.email));
      const digest = user?.password_hash ?? dummyHash;
      const ok = await hasher.verify(digest, body.password);
      if (!user || !user.password_hash || !ok) throw unauthorized(BAD_CREDENTIALS);
      if (hasher.needsRehash(user.password_hash)) {
        // The configured cost went up since this hash was made: upgrade it while we know the password.
        await users.setPasswordHash(user.id, await hasher.hash(body.password));
      }
      return { ...(await sessions.start(user.id)), user: toCurrentUser(user) };
    },

    // GET /auth/me, behind every app start: a plain promise chain, not an async function awaiting
    // another.
    me(userId: string): Promise<CurrentUser> {
      return users.findById(userId).then((user) => {
        if (!user) throw unauthorized();
        return toCurrentUser(user);
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

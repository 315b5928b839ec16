import { randomInt, randomUUID } from 'node:crypto';
import { USERNAME_PATTERN } from '../../../src/contract/auth';
import type { IdentitiesRepository } from './identities-repository';
import { ExternalSignInFailure } from './oidc-errors';
import { isUniqueViolation, type UsersRepository } from './users-repository';

export interface ExternalProfile {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  preferredUsername: string | undefined;
  firstName: string;
  lastName: string;
}

const usernamePattern = new RegExp(USERNAME_PATTERN);

/** A username in our pattern from a provider's hint: allowed characters only, 3 to 30 long. */
export function usernameBase(hint: string | undefined): string {
  const cleaned = (hint ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24);
  return cleaned.length >= 3 ? cleaned : `member${cleaned}`;
}

export function createExternalAccounts(users: UsersRepository, identities: IdentitiesRepository) {
  async function freeUsername(hint: string | undefined): Promise<string> {
    const base = usernameBase(hint);
    if (usernamePattern.test(base) && !(await users.usernameTaken(base))) return base;
    for (let attempt = 0; attempt < 20; attempt++) {
      const candidate = `${base}${randomInt(1000, 1_000_000)}`;
      if (!(await users.usernameTaken(candidate))) return candidate;
    }
    return `member${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  }

  async function create(profile: ExternalProfile & { email: string }): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const row = await users.insert({
          id: randomUUID(),
          email: profile.email,
          username: await freeUsername(profile.preferredUsername ?? profile.email.split('@')[0]),
          passwordHash: null,
          firstName: profile.firstName.slice(0, 80),
          lastName: profile.lastName.slice(0, 80),
          city: null,
        });
        return row.id;
      } catch (error) {
        // Someone took the username between our check and the insert: pick another one.
        if (!isUniqueViolation(error) || (await users.findByEmail(profile.email))) throw error;
      }
    }
    throw new ExternalSignInFailure('SIGN_IN_FAILED');
  }

  return {
    /**
     * The member behind a provider's subject: already linked; else the account with the same
     * e-mail, linked only when the provider says it verified that address (or a stranger could
     * take over an account by claiming its address); else a new, password-less account.
     */
    async resolve(provider: string, profile: ExternalProfile): Promise<string> {
      const linked = await identities.findUserId(provider, profile.subject);
      if (linked) return linked;
      if (!profile.email) throw new ExternalSignInFailure('EMAIL_REQUIRED');
      const existing = await users.findByEmail(profile.email);
      if (existing && !profile.emailVerified) throw new ExternalSignInFailure('EMAIL_NOT_VERIFIED');
      const userId = existing?.id ?? (await create({ ...profile, email: profile.email }));
      try {
        await identities.link(provider, profile.subject, userId);
      } catch (error) {
        // Two callbacks for the same subject at once: the other one linked it first.
        const winner = isUniqueViolation(error)
          ? await identities.findUserId(provider, profile.subject)
          : undefined;
        if (!winner) throw error;
        return winner;
      }
      return userId;
    },
  };
}

export type ExternalAccounts = ReturnType<typeof createExternalAccounts>;

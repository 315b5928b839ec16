// A member's own data: the export of everything they own (GDPR art. 20) and the
// deletion of their account (art. 17). Deleting needs the password, or, for an account without one
// (made through an outside provider), a sign-in at most ACCOUNT_DELETE_FRESH_SIGN_IN_SECONDS old.
import {
  ACCOUNT_DELETE_FRESH_SIGN_IN_SECONDS,
  ACCOUNT_ERROR_CODES,
  type DeleteAccountBody,
} from '../../../src/contract/account';
import type { PasswordHasher } from '../auth/passwords';
import type { AuthMember } from '../auth/session-service';
import { AppError, unauthorized } from '../http/errors';
import type { AccountDataRepository } from './account-data-repository';
import { exportArchive, type ExportLog, type ExportStorage } from './account-export';

export interface AccountDataDeps {
  repo: AccountDataRepository;
  hasher: PasswordHasher;
  storage: ExportStorage;
  /** Removes the files of deleted media rows and the avatar (after the commit; failures logged). */
  discardFiles(mediaKeys: string[], avatar: string | null): Promise<void>;
  /** Closes the sockets of these sessions and of the member, on every node. */
  disconnect(memberId: string, sessionIds: string[]): void;
  log: ExportLog;
}

const wrongPassword = () =>
  new AppError(400, ACCOUNT_ERROR_CODES.invalidCurrentPassword, 'Your password is not correct.', [
    { field: 'password', message: 'is not your password' },
  ]);

export function accountDataService({
  repo,
  hasher,
  storage,
  discardFiles,
  disconnect,
  log,
}: AccountDataDeps) {
  return {
    exportArchive: (memberId: string) => exportArchive(repo, storage, memberId, log),

    async deleteAccount(member: AuthMember, body: DeleteAccountBody): Promise<void> {
      const user = await repo.profile(member.id);
      if (!user) throw unauthorized();
      if (user.password_hash) {
        if (!body.password || !(await hasher.verify(user.password_hash, body.password)))
          throw wrongPassword();
      } else {
        const startedAt = await repo.sessionStartedAt(member.sessionId);
        const fresh =
          startedAt !== undefined &&
          Date.now() - Date.parse(startedAt) <= ACCOUNT_DELETE_FRESH_SIGN_IN_SECONDS * 1000;
        if (!fresh)
          throw new AppError(
            403,
            ACCOUNT_ERROR_CODES.reauthenticationRequired,
            'Sign in again, then delete your account within 5 minutes.',
          );
      }
      const done = await repo.deleteAccount(member.id, new Date().toISOString());
      disconnect(member.id, done.sessionIds);
      await discardFiles(done.mediaKeys, done.avatar);
    },
  };
}

export type AccountDataService = ReturnType<typeof accountDataService>;

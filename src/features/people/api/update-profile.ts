import type { ProfileUpdate } from '@/contract/people';
import type { CurrentUser } from '@/contract/user';
import { api } from '@/lib/api-client';
import { session } from '@/lib/auth/session';
import { queueAndAwait, type Outcome } from '@/lib/offline/outcome';
import { queueProfileUpdate, setSessionUser, withChanges } from '../data/profile';

/**
 * PUT /users/me through the outbox: the session's member shows the changes at once (the header,
 * the offline copy), then the screen waits a little for the server. Sent → me as I am now;
 * offline or slow → `{ sent: false }`, sent later; refused → the ApiError (with its fields).
 */
export async function updateProfile(
  changes: ProfileUpdate,
  id: string = crypto.randomUUID(),
): Promise<Outcome<CurrentUser>> {
  return queueAndAwait<CurrentUser>(
    async () => {
      await queueProfileUpdate(changes, id);
      const user = session.getState().user;
      if (user) setSessionUser(withChanges(user, changes));
    },
    { id },
  );
}

/** PUT /users/me/avatar: one image, multipart field `avatar`; answers me with the new URL. */
export function uploadAvatar(file: File): Promise<CurrentUser> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return api.put<CurrentUser>('/users/me/avatar', form);
}

/** DELETE /users/me/avatar: back to the initial. */
export function removeAvatar(): Promise<CurrentUser> {
  return api.delete<CurrentUser>('/users/me/avatar');
}

/** The profile was saved, the avatar change was not: `user` is what the server holds now. */
export class AvatarSaveError extends Error {
  readonly user: CurrentUser;
  constructor(user: CurrentUser, cause: unknown) {
    super('The avatar could not be saved', { cause });
    this.name = 'AvatarSaveError';
    this.user = user;
  }
}

/**
 * Saves the fields (through the outbox: offline too), then the avatar (a new file, or `null` to
 * remove it), which needs the connection: it is sent only once the fields are. Fields first: a
 * refused username must not leave a new picture behind.
 */
export async function saveProfile(
  changes: ProfileUpdate,
  avatar: File | null | undefined,
  id?: string,
): Promise<Outcome<CurrentUser>> {
  const outcome = await updateProfile(changes, id);
  if (avatar === undefined || !outcome.sent) return outcome;
  try {
    return { sent: true, data: avatar ? await uploadAvatar(avatar) : await removeAvatar() };
  } catch (error) {
    throw new AvatarSaveError(outcome.data, error);
  }
}

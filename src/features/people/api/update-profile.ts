import type { ProfileUpdate } from '@/contract/people';
import type { CurrentUser } from '@/contract/user';
import { api } from '@/lib/api-client';

/** PUT /users/me: changes the fields given; answers me as I am now. */
export function updateProfile(changes: ProfileUpdate): Promise<CurrentUser> {
  return api.put<CurrentUser>('/users/me', changes);
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
 * Saves the fields, then the avatar (a new file, or `null` to remove it). Fields first: a refused
 * username must not leave a new picture behind. Online only, like every profile edit.
 */
export async function saveProfile(
  changes: ProfileUpdate,
  avatar: File | null | undefined,
): Promise<CurrentUser> {
  const user = await updateProfile(changes);
  if (avatar === undefined) return user;
  try {
    return avatar ? await uploadAvatar(avatar) : await removeAvatar();
  } catch (error) {
    throw new AvatarSaveError(user, error);
  }
}

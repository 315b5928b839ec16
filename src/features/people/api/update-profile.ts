import type { ProfileUpdate } from '@/contract/people';
import type { CurrentUser } from '@/contract/user';
import { ApiError } from '@/lib/http/api-client';
import { session } from '@/lib/auth/session';
import { queueAndAwait, type Outcome } from '@/lib/offline/outcome';
import { discardEntry } from '@/lib/outbox';
import {
  queueAvatarChange,
  queuedAvatarUrl,
  queueProfileUpdate,
  setSessionUser,
  withChanges,
} from '../data/profile';

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

/** The profile was saved, the avatar change was not: `user` is what the server holds now. */
export class AvatarSaveError extends Error {
  readonly user: CurrentUser;
  /** The picture's outbox entry, refused. */
  readonly entryId: string;
  constructor(user: CurrentUser, entryId: string, cause: unknown) {
    super('The avatar could not be saved', { cause });
    this.name = 'AvatarSaveError';
    this.user = user;
    this.entryId = entryId;
  }
}

/**
 * Saves the fields and the avatar (a new file, or `null` to remove it) through the outbox, offline
 * too: both are kept on this device and shown at once (the picture from its local file), the
 * picture sent after the fields. Online, the screen waits a little for both answers. Fields
 * refused → their ApiError, and the picture is dropped with them (a refused username must not
 * leave a new picture behind); picture refused → AvatarSaveError with me as the server holds me.
 */
export async function saveProfile(
  changes: ProfileUpdate,
  avatar: File | null | undefined,
  id: string = crypto.randomUUID(),
): Promise<Outcome<CurrentUser>> {
  if (avatar === undefined) return updateProfile(changes, id);
  const avatarId = crypto.randomUUID();
  // Both waits start before anything is queued: the picture may be sent the moment it is kept.
  let queued!: () => void;
  let notQueued!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => ((queued = resolve), (notQueued = reject)));
  const avatarOutcome = queueAndAwait<CurrentUser>(() => ready, { id: avatarId });
  avatarOutcome.catch(() => undefined); // read below, or not at all when the fields fail
  let fields: Outcome<CurrentUser>;
  try {
    fields = await queueAndAwait<CurrentUser>(
      async () => {
        await queueProfileUpdate(changes, id);
        const entry = await queueAvatarChange(avatar, avatarId);
        const user = session.getState().user;
        if (user) setSessionUser(withChanges(user, { ...changes, avatar: queuedAvatarUrl(entry) }));
        queued();
      },
      { id },
    );
  } catch (error) {
    notQueued(error);
    if (error instanceof ApiError) await discardEntry(avatarId).catch(() => undefined);
    throw error;
  }
  if (!fields.sent) return fields;
  try {
    return await avatarOutcome;
  } catch (error) {
    throw new AvatarSaveError(fields.data, avatarId, error);
  }
}

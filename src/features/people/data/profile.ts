// My profile's fields (names, username, city, bio) are saved through the outbox (offline
// too, sent once online with their Idempotency-Key). The session's member (the header, the copy
// kept for offline starts) shows the change at once; while the save waits, every copy of me read
// from the server has it laid over, so a refresh does not undo it. A new save replaces one not sent
// yet (each carries every field). The server's answer becomes the session's member once nothing of
// this device waits; a refused save stays in the sync panel's "needs attention" list.
// My picture (a new file, or its removal) is queued the same way, as its own row (the file kept in
// mediaBlobs like a car photo): shown at once from this device (`local:<blobId>`), sent after the
// fields (a refused username must not leave a new picture behind), a newer one replacing it.
import type { ProfileUpdate } from '@/contract/people';
import type { CurrentUser } from '@/contract/user';
import { session } from '@/lib/auth/session';
import { type PaddockDb } from '@/lib/db';
import { localMediaUrl } from '@/lib/offline/types';
import { mediaRows, offlineWrite, queueWrite } from '@/lib/offline/write';
import type { OutboxEntry } from '@/lib/outbox';
import { AVATAR_ENTITY, PEOPLE_KINDS, PROFILE_ENTITY } from './kinds';

/** The profile's fields as queued, and my picture: a `local:` url while its file waits, or null. */
export type QueuedProfileChanges = ProfileUpdate & { avatar?: string | null };

/** Queues the save of these fields under entry `id`; resolves once it is kept on this device. */
export function queueProfileUpdate(
  changes: ProfileUpdate,
  id: string = crypto.randomUUID(),
  given?: PaddockDb,
): Promise<OutboxEntry> {
  return offlineWrite(given, (database) =>
    queueWrite(
      database,
      {
        id,
        kind: PEOPLE_KINDS.profile,
        entityId: PROFILE_ENTITY,
        method: 'PUT',
        path: '/users/me',
        body: { type: 'json', json: changes },
      },
      // In the same transaction: an earlier save still waiting (or refused) is replaced; one
      // already on the wire is not.
      (tx) =>
        tx.outbox
          .where('entityId')
          .equals(PROFILE_ENTITY)
          .filter((entry) => entry.id !== id && entry.status !== 'sending')
          .delete(),
    ),
  );
}

/**
 * Queues my new picture (`file`), or its removal (null), under entry `id`; resolves once kept on
 * this device. It goes after the fields queued before it; an earlier picture change still waiting
 * (or refused) is replaced, its file dropped with it.
 */
export function queueAvatarChange(
  file: Blob | null,
  id: string = crypto.randomUUID(),
  given?: PaddockDb,
): Promise<OutboxEntry> {
  return offlineWrite(given, (database) => {
    const rows = file ? mediaRows(id, [file], Date.now(), () => 'avatar') : [];
    const row = rows[0];
    return queueWrite(
      database,
      {
        id,
        kind: PEOPLE_KINDS.avatar,
        entityId: AVATAR_ENTITY,
        method: row ? 'PUT' : 'DELETE',
        path: '/users/me/avatar',
        ...(row
          ? { body: { type: 'form', parts: [{ name: 'avatar', blobId: row.id, filename: row.name }] } }
          : {}),
        after: [PROFILE_ENTITY],
      },
      async (tx) => {
        const replaced = (await tx.outbox
          .where('entityId')
          .equals(AVATAR_ENTITY)
          .filter((entry) => entry.id !== id && entry.status !== 'sending')
          .primaryKeys()) as string[];
        await tx.outbox.bulkDelete(replaced);
        await tx.mediaBlobs.where('entryId').anyOf(replaced).delete();
        if (rows.length) await tx.mediaBlobs.bulkAdd(rows);
      },
    );
  });
}

/** What my picture becomes once this queued change is sent: its local file, or none. */
export function queuedAvatarUrl(entry: OutboxEntry): string | null {
  const part = entry.body?.type === 'form' ? entry.body.parts.find((p) => p.name === 'avatar') : undefined;
  return part && 'blobId' in part ? localMediaUrl(part.blobId) : null;
}

/** The profile saves and picture changes of this device not sent yet (refused ones included), oldest first. */
export function queuedProfileSaves(given?: PaddockDb): Promise<OutboxEntry[]> {
  return offlineWrite(given, (database) =>
    database.outbox.where('entityId').anyOf(PROFILE_ENTITY, AVATAR_ENTITY).sortBy('seq'),
  );
}

/** The fields (and picture) the given saves change, the later ones winning. */
export function pendingChanges(entries: readonly OutboxEntry[]): QueuedProfileChanges | null {
  let changes: QueuedProfileChanges | null = null;
  for (const entry of entries) {
    if (entry.kind === PEOPLE_KINDS.avatar) changes = { ...(changes ?? {}), avatar: queuedAvatarUrl(entry) };
    else if (entry.body?.type === 'json')
      changes = { ...(changes ?? {}), ...(entry.body.json as ProfileUpdate) };
  }
  return changes;
}

/** Me with the given changes laid over (fields the change does not name stay as they are). */
export function withChanges(user: CurrentUser, changes: QueuedProfileChanges | null): CurrentUser {
  if (!changes) return user;
  const next: CurrentUser = { ...user };
  for (const [key, value] of Object.entries(changes))
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  return next;
}

/** A copy of me from the server, with the saves of this device that it cannot know yet. */
export async function overlayQueuedProfile(user: CurrentUser, given?: PaddockDb): Promise<CurrentUser> {
  return withChanges(user, pendingChanges(await queuedProfileSaves(given)));
}

/** The session's member (and its copy kept for offline starts) becomes `user`. */
export function setSessionUser(user: CurrentUser): void {
  const current = session.getState().user;
  if (current && current.id === user.id) session.setUser(user);
}

/** After the server took a save: its answer, with any newer save still waiting laid over. */
export async function reconcileProfile(data: unknown, given?: PaddockDb): Promise<CurrentUser | null> {
  const answer = data as Partial<CurrentUser> | null | undefined;
  const current = session.getState().user;
  if (!current || answer?.id !== current.id) return null;
  const next = await overlayQueuedProfile({ ...current, ...(answer as CurrentUser) }, given);
  setSessionUser(next);
  return next;
}

// My picture goes through the outbox like a car photo. Queued with its file kept
// on this device, after the fields; a newer change (a file or the removal) replaces one not sent;
// replayed with its file, then the file leaves the device. Node's Blob: jsdom's does not survive
// IndexedDB's structured clone (jsdom #3363).
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaddockDb } from '@/lib/db';
import { createReplayer, registerOutboxHandlers, type OutboxEntry } from '@/lib/outbox';
import { freshDb } from '@/lib/outbox/test-helpers';
import { peopleHandlers } from './handlers';
import { AVATAR_ENTITY, PEOPLE_KINDS, PROFILE_ENTITY } from './kinds';
import { pendingChanges, queueAvatarChange, queuedProfileSaves, queueProfileUpdate } from './profile';

const photo = (text: string) => new NodeBlob([text], { type: 'image/jpeg' }) as unknown as Blob;
beforeAll(() => registerOutboxHandlers(peopleHandlers));

let database: PaddockDb | null = null;
afterEach(() => database?.close());

describe('my picture in the outbox', () => {
  it('is queued with its file kept on this device, after the fields queued before it', async () => {
    database = freshDb();
    const fields = await queueProfileUpdate({ firstName: 'Janet' }, 'fields-1', database);
    const entry = await queueAvatarChange(photo('me'), 'avatar-1', database);
    const [blob] = await database.mediaBlobs.toArray();
    expect(blob).toMatchObject({ entryId: 'avatar-1', name: 'avatar', mime: 'image/jpeg' });
    expect(await (blob?.blob as Blob).text()).toBe('me');
    expect(entry).toMatchObject({
      kind: PEOPLE_KINDS.avatar,
      entityId: AVATAR_ENTITY,
      method: 'PUT',
      path: '/users/me/avatar',
      body: { type: 'form', parts: [{ name: 'avatar', blobId: blob?.id, filename: 'avatar' }] },
      dependsOn: [fields.id],
    });
    // My profile shows both at once: the fields, and the picture from its local file.
    expect(pendingChanges(await queuedProfileSaves(database))).toEqual({
      firstName: 'Janet',
      avatar: `local:${blob?.id}`,
    });
  });

  it('a newer picture replaces one not sent (one row, one file); the removal too', async () => {
    database = freshDb();
    await queueAvatarChange(photo('first'), 'avatar-1', database);
    await queueAvatarChange(photo('second'), 'avatar-2', database);
    expect(await database.outbox.toArray()).toHaveLength(1);
    const blobs = await database.mediaBlobs.toArray();
    expect(blobs).toHaveLength(1);
    expect(await (blobs[0]?.blob as Blob).text()).toBe('second');

    const removal = await queueAvatarChange(null, 'avatar-3', database);
    expect(removal).toMatchObject({ method: 'DELETE', path: '/users/me/avatar' });
    expect(removal.body).toBeUndefined();
    expect((await database.outbox.toArray()).map((e) => e.id)).toEqual(['avatar-3']);
    expect(await database.mediaBlobs.count()).toBe(0);
    expect(pendingChanges(await queuedProfileSaves(database))).toEqual({ avatar: null });
  });

  it('one already on the wire is not replaced: the newer one goes after it', async () => {
    database = freshDb();
    await queueAvatarChange(photo('first'), 'avatar-1', database);
    await database.outbox.update('avatar-1', { status: 'sending' });
    await queueAvatarChange(photo('second'), 'avatar-2', database);
    expect((await database.outbox.orderBy('seq').toArray()).map((e) => e.id)).toEqual([
      'avatar-1',
      'avatar-2',
    ]);
    expect(await database.mediaBlobs.count()).toBe(2);
  });

  it('a new save of the fields leaves the queued picture alone', async () => {
    database = freshDb();
    await queueAvatarChange(photo('me'), 'avatar-1', database);
    await queueProfileUpdate({ firstName: 'Janet' }, 'fields-1', database);
    await queueProfileUpdate({ firstName: 'Jo' }, 'fields-2', database);
    const ids = (await database.outbox.where('entityId').anyOf(PROFILE_ENTITY, AVATAR_ENTITY).toArray())
      .map((e) => e.id)
      .sort();
    expect(ids).toEqual(['avatar-1', 'fields-2']);
  });

  it('replay: the fields first, then the picture with its file; the file then leaves the device', async () => {
    database = freshDb();
    await queueProfileUpdate({ firstName: 'Janet' }, 'fields-1', database);
    await queueAvatarChange(photo('me'), 'avatar-1', database);
    const sent: { path: string; file?: string }[] = [];
    const send = async (entry: OutboxEntry) => {
      const part = entry.body?.type === 'form' ? entry.body.parts[0] : undefined;
      const row = part && 'blobId' in part ? await database?.mediaBlobs.get(part.blobId) : undefined;
      sent.push({ path: entry.path, ...(row ? { file: await row.blob.text() } : {}) });
      return { id: 'me' };
    };
    const replayer = createReplayer({
      db: database,
      send,
      random: () => 0,
      refresh: vi.fn(),
      lock: (work) => work(),
    });
    await replayer.replay();
    expect(sent).toEqual([{ path: '/users/me' }, { path: '/users/me/avatar', file: 'me' }]);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.mediaBlobs.count()).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import {
  createDb,
  databaseNameFor,
  db,
  openLocalDatabase,
  onVersionChange,
  resetLocalDatabaseForTests,
} from './';
import {
  carEquipmentRow,
  carPaperRow,
  carRow,
  chatMessageRow,
  chatRoomRow,
  commentRow,
  reminderRow,
} from '@/testing/mirror-rows';

describe('db', () => {
  const name = `paddock-db-test-${Math.random().toString(36).slice(2)}`;
  afterEach(() => vi.restoreAllMocks());

  it('opens version 8 with the mirror tables, the outbox, files waiting to upload and the media cache', async () => {
    const database = createDb(name);
    await database.open();
    expect(database.verno).toBe(8);
    expect(database.tables.map((t) => t.name).sort()).toEqual(
      [
        'carEquipment',
        'carLogs',
        'carPapers',
        'cars',
        'chatMessages',
        'chatRooms',
        'comments',
        'mediaBlobs',
        'mediaCache',
        'messages',
        'meta',
        'outbox',
        'posts',
        'reminders',
        'settingsLabels',
      ].sort(),
    );
    database.close();
  });

  it('upgrades a version 1 database without losing its outbox', async () => {
    const oldName = `${name}-v1`;
    const v1 = new Dexie(oldName);
    v1.version(1).stores({ outbox: 'id, &seq, status, kind', cars: 'id, userId' });
    await v1.table('outbox').add({ id: 'e1', seq: 1, status: 'pending', kind: 'car.create' });
    v1.close();
    const database = createDb(oldName);
    expect(await database.outbox.get('e1')).toMatchObject({ kind: 'car.create' });
    expect(await database.outbox.where('entityId').equals('x').count()).toBe(0);
    database.close();
  });

  it('upgrades a version 2 database to the message folders without losing its messages', async () => {
    const oldName = `${name}-v2`;
    const v2 = new Dexie(oldName);
    v2.version(2).stores({ messages: 'id, createdAt', outbox: 'id, &seq, status, kind, entityId' });
    await v2.table('messages').add({ id: 'm1', createdAt: '2026-01-01T00:00:00Z', folder: 'inbox' });
    v2.close();
    const database = createDb(oldName);
    expect(
      await database.messages
        .where('[folder+createdAt]')
        .between(['inbox', Dexie.minKey], ['inbox', Dexie.maxKey])
        .primaryKeys(),
    ).toEqual(['m1']);
    database.close();
  });

  it('upgrades a version 3 database to the comments table without losing its posts', async () => {
    const oldName = `${name}-v3`;
    const v3 = new Dexie(oldName);
    v3.version(3).stores({ posts: 'id, createdAt', outbox: 'id, &seq, status, kind, entityId' });
    await v3.table('posts').add({ id: 'p1', createdAt: '2026-01-01T00:00:00Z' });
    v3.close();
    const database = createDb(oldName);
    expect(await database.posts.get('p1')).toMatchObject({ id: 'p1' });
    await database.comments.put(
      commentRow({ id: 'c1', postId: 'p1', parentCommentId: null, createdAt: 'x' }),
    );
    expect(await database.comments.where('postId').equals('p1').primaryKeys()).toEqual(['c1']);
    database.close();
  });

  it('upgrades a version 4 database to the chat tables without losing its comments', async () => {
    const oldName = `${name}-v4`;
    const v4 = new Dexie(oldName);
    v4.version(4).stores({ comments: 'id, postId, parentCommentId, createdAt' });
    await v4.table('comments').add({ id: 'c1', postId: 'p1', parentCommentId: null, createdAt: 'x' });
    v4.close();
    const database = createDb(oldName);
    expect(await database.comments.get('c1')).toMatchObject({ id: 'c1' });
    await database.chatMessages.bulkPut([
      chatMessageRow({ id: 'm2', chatRoomId: 'r1', createdAt: '2026-01-02T00:00:00Z' }),
      chatMessageRow({ id: 'm1', chatRoomId: 'r1', createdAt: '2026-01-01T00:00:00Z' }),
    ]);
    expect(
      await database.chatMessages
        .where('[chatRoomId+createdAt]')
        .between(['r1', Dexie.minKey], ['r1', Dexie.maxKey])
        .primaryKeys(),
    ).toEqual(['m1', 'm2']);
    await database.chatRooms.put(chatRoomRow({ id: 'r1', updatedAt: '2026-01-02T00:00:00Z' }));
    expect(await database.chatRooms.orderBy('updatedAt').primaryKeys()).toEqual(['r1']);
    database.close();
  });

  it('upgrades a version 5 database to the reminders table without losing its cars', async () => {
    const oldName = `${name}-v5`;
    const v5 = new Dexie(oldName);
    v5.version(5).stores({ cars: 'id, ownerId, createdAt', chatRooms: 'id, updatedAt' });
    await v5.table('cars').add({ id: 'car1', ownerId: 'u1', createdAt: 'x' });
    v5.close();
    const database = createDb(oldName);
    expect(await database.cars.get('car1')).toMatchObject({ id: 'car1' });
    await database.reminders.bulkPut([
      reminderRow({ id: 'r1', carId: 'car1' }),
      reminderRow({ id: 'r2', carId: 'car2' }),
    ]);
    expect(await database.reminders.where('carId').equals('car1').primaryKeys()).toEqual(['r1']);
    expect(database.verno).toBe(8);
    database.close();
  });

  it('upgrades a version 6 database to the logs by type and by reading without losing its logs', async () => {
    const oldName = `${name}-v6`;
    const v6 = new Dexie(oldName);
    v6.version(6).stores({ carLogs: 'id, carId, [carId+startDate]', reminders: 'id, carId' });
    await v6.table('carLogs').bulkAdd([
      { id: 'l1', carId: 'car1', type: 'fuel', startDate: '2026-01-01', mileage: 1000 },
      { id: 'l2', carId: 'car1', type: 'maintenance', startDate: '2026-02-01', mileage: null },
    ]);
    v6.close();
    const database = createDb(oldName);
    expect(
      await database.carLogs
        .where('[carId+type+startDate]')
        .equals(['car1', 'fuel', '2026-01-01'])
        .primaryKeys(),
    ).toEqual(['l1']);
    // A log without a reading has no key in the readings' index.
    expect(
      await database.carLogs
        .where('[carId+mileage]')
        .between(['car1', Dexie.minKey], ['car1', Dexie.maxKey])
        .primaryKeys(),
    ).toEqual(['l1']);
    expect(database.verno).toBe(8);
    database.close();
  });

  it("upgrades a version 6 database to a car's papers and equipment without losing its reminders", async () => {
    const oldName = `${name}-v6-papers`;
    const v6 = new Dexie(oldName);
    v6.version(6).stores({ reminders: 'id, carId' });
    await v6.table('reminders').add(reminderRow({ id: 'r1', carId: 'car1' }));
    v6.close();
    const database = createDb(oldName);
    expect(await database.reminders.get('r1')).toMatchObject({ id: 'r1' });
    await database.carPapers.bulkPut([
      carPaperRow({ id: 'p1', carId: 'car1' }),
      carPaperRow({ id: 'p2', carId: 'car2' }),
    ]);
    await database.carEquipment.bulkPut([
      carEquipmentRow({ id: 'e1', carId: 'car2' }),
      carEquipmentRow({ id: 'e2', carId: 'car1' }),
    ]);
    expect(await database.carPapers.where('carId').equals('car1').primaryKeys()).toEqual(['p1']);
    expect(await database.carEquipment.where('carId').equals('car1').primaryKeys()).toEqual(['e2']);
    expect(database.verno).toBe(8);
    database.close();
  });

  it('runs in memory when IndexedDB cannot open, and says so', async () => {
    resetLocalDatabaseForTests(`${name}-fallback`);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const kind = await openLocalDatabase(() =>
      Promise.reject(new DOMException('blocked', 'InvalidStateError')),
    );
    expect(kind).toBe('memory');
    await db.cars.put(carRow({ id: 'c1' }));
    expect(await db.cars.get('c1')).toEqual(carRow({ id: 'c1' }));
    db.close();
    resetLocalDatabaseForTests();
  });

  it('a database the app closes while it opens is not a blocked IndexedDB: no memory, the next call opens it', async () => {
    resetLocalDatabaseForTests(`${name}-closed-while-opening`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = openLocalDatabase((database) => {
      const opened = database.open();
      database.close(); // a logout (or the next member) while it opens
      return opened;
    });
    await expect(first).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    expect(warn).not.toHaveBeenCalled();
    expect(await openLocalDatabase()).toBe('indexeddb');
    await db.cars.put(carRow({ id: 'c2' }));
    expect(await db.cars.get('c2')).toEqual(carRow({ id: 'c2' }));
    db.close();
    resetLocalDatabaseForTests();
  });

  it('closes and reports when another tab upgrades the schema', async () => {
    const database = createDb(name);
    await database.open();
    const listener = vi.fn();
    const off = onVersionChange(listener);
    const upgrade = indexedDB.open(name, 100); // what a newer tab's Dexie does
    await new Promise<void>((resolve, reject) => {
      upgrade.onsuccess = () => {
        upgrade.result.close();
        resolve();
      };
      upgrade.onerror = () => reject(upgrade.error);
    });
    off();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(database.isOpen()).toBe(false);
  });
});

describe('one database per member', () => {
  it('opens the signed-in member’s own database, and another one for another member', async () => {
    resetLocalDatabaseForTests();
    await openLocalDatabase(undefined, 'member-a');
    expect(db.name).toBe(databaseNameFor('member-a'));
    await db.cars.put(carRow({ id: 'a-car' }));
    await openLocalDatabase(undefined, 'member-b');
    expect(db.name).toBe('paddock-member-b');
    expect(await db.cars.get('a-car')).toBeUndefined();
    await openLocalDatabase(undefined, 'member-a');
    expect(await db.cars.get('a-car')).toBeDefined();
    db.close();
    resetLocalDatabaseForTests();
  });
});

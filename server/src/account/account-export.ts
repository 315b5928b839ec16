// GET /users/me/export (GDPR art. 20): a ZIP of everything the member owns, streamed.
// Each kind is one JSON array file whose rows are read page by page from the repository only when
// the ZIP writer reaches that entry, and each media file is opened only when its turn comes: the
// memory used is a page of rows and a file chunk, whatever the size of the account. The files and
// their fields are documented in the README ("Your data: the export").
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as Yazl from 'yazl';
import { LOG_FIELDS } from '../../../src/contract/fields';
import { carEnergies } from '../../../src/contract/maintenance';
import { CAR_FIELD_COLUMNS, LOG_COLUMNS_OF } from '../garage/field-columns';
import type { AccountDataRepository } from './account-data-repository';
import type { RemindersTable } from '../db/schema';

/** The car_logs columns car-logs.json names as they are: every log field's but the tags and the fill-up. */
export const LOG_EXPORT_COLUMNS = LOG_FIELDS.filter((f) => f !== 'tags' && f !== 'fuel').flatMap(
  (f) => LOG_COLUMNS_OF[f],
);

/**
 * The reminders columns reminders.json names, and those it leaves out on purpose (the owner is the
 * member; the rest is the server's delivery and calendar bookkeeping). tests/server/log-fields.test.ts
 * fails when a column of the migrated table is in neither list.
 */
export const REMINDER_EXPORT_COLUMNS = [
  'id',
  'car_id',
  'title',
  'log_type',
  'interval_months',
  'interval_distance',
  'due_date',
  'due_mileage',
  'soon_days',
  'soon_distance',
  'notes',
  'created_mileage',
  'source',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof RemindersTable)[];
export const REMINDER_COLUMNS_NOT_EXPORTED = [
  'owner_id',
  'notified_state',
  'sequence',
  'calendar_date',
  'calendar_changed_at',
] as const satisfies readonly (keyof RemindersTable)[];

// yazl is loaded on the first export, not at start-up (few processes ever make one; start-up ≤ 1 s).
const load = createRequire(import.meta.url);

export interface ExportStorage {
  /** The media store's key of a media row's file. */
  mediaKey(storageKey: string): string;
  /** The store key of the 256 px avatar of an avatar URL, or null when the member has none. */
  avatarKey(avatar: string | null): string | null;
  /** Whether the store holds the object (DATA_DIR or the bucket). */
  exists(key: string): Promise<boolean>;
  /** The object's bytes, opened when the ZIP writer reaches it. */
  open(key: string): Readable;
}

export interface ExportLog {
  warn(details: object, message: string): void;
}

/** The JSON files of the archive, in the order they are written. */
export const EXPORT_FILES = [
  'profile.json',
  'cars.json',
  'car-logs.json',
  'reminders.json',
  'posts.json',
  'comments.json',
  'messages.json',
  'chat-messages.json',
  'friends.json',
  'media.json',
] as const;

const bool = (value: number | null) => (value === null ? null : value === 1);

const parseTags = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return [];
  }
};

/** A column's name in the files: `energy_type` → `energyType`. */
const camelName = (column: string) =>
  column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The named columns of a row under their camelCase names, in the order given (the files' fields). */
function camel<T, K extends keyof T & string>(row: T, columns: readonly K[]): Record<string, T[K]> {
  return Object.fromEntries(columns.map((column) => [camelName(column), row[column]]));
}

const STAMPS = ['created_at', 'updated_at'] as const;

const mediaFileName = (m: { id: string; kind: string }) =>
  `media/${m.id}.${m.kind === 'pdf' ? 'pdf' : 'webp'}`;

/** A JSON array streamed from rows, pretty enough to read (one row a line). */
function jsonArray<T>(rows: AsyncIterable<T>, map: (row: T) => unknown | Promise<unknown>): Readable {
  return Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const row of rows) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(await map(row))}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
}

/** Groups an async sequence into arrays of at most `size` (for one look-up per page of logs). */
async function* chunks<T>(rows: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function* flatten<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/**
 * The archive of `memberId`'s data as a readable stream. Entries are added as the media list is
 * paged; a read failing midway ends the stream with an error (the download is then incomplete,
 * never silently short).
 */
export function exportArchive(
  repo: AccountDataRepository,
  storage: ExportStorage,
  memberId: string,
  log: ExportLog,
): NodeJS.ReadableStream {
  const { ZipFile } = load('yazl') as typeof Yazl;
  const zip = new ZipFile();
  const mtime = new Date();
  // yazl listens for no error on an entry's stream: a failed read ends the whole archive here.
  const entry = (name: string, compress: boolean, make: () => Readable) =>
    zip.addReadStreamLazy(name, { mtime, compress }, (cb) => {
      const stream = make();
      stream.on('error', (error) => zip.emit('error', error));
      cb(null, stream);
    });
  const json = (name: string, make: () => Readable) => entry(name, true, make);

  json('profile.json', () =>
    Readable.from(
      (async function* () {
        const [user, prefs] = await Promise.all([repo.profile(memberId), repo.preferences(memberId)]);
        yield `${JSON.stringify(
          user && {
            ...camel(user, ['id', 'email', 'username', 'first_name', 'last_name', 'city', 'bio', 'language']),
            avatar: storage.avatarKey(user.avatar) ? 'media/avatar.webp' : null,
            ...camel(user, STAMPS),
            notificationPreferences: prefs
              ? {
                  notifyLikes: prefs.notify_likes === 1,
                  notifyComments: prefs.notify_comments === 1,
                  notifyFriendRequests: prefs.notify_friend_requests === 1,
                  notifyMessages: prefs.notify_messages === 1,
                  notifyChat: prefs.notify_chat === 1,
                  pushMessages: prefs.push_messages === 1,
                  pushChat: prefs.push_chat === 1,
                  pushFriendRequests: prefs.push_friend_requests === 1,
                  pushComments: prefs.push_comments === 1,
                  pushLikes: prefs.push_likes === 1,
                  pushMentions: prefs.push_mentions === 1,
                  pushCars: prefs.push_cars === 1,
                  pushReminders: prefs.push_reminders === 1,
                  pushPreviews: prefs.push_previews === 1,
                }
              : null,
          },
          null,
          2,
        )}\n`;
      })(),
    ),
  );

  json('cars.json', () =>
    jsonArray(repo.cars(memberId), async (c) => ({
      // Every field of a car, from the contract's list (garage/field-columns.ts); its energies as
      // the API answers them (a list, the main one first).
      ...camel(c, ['id', ...CAR_FIELD_COLUMNS]),
      energyTypes: carEnergies({
        energyType: c.energy_type,
        energyTypes: c.energy_types ? (JSON.parse(String(c.energy_types)) as string[]) : [],
      }),
      imageId: c.image,
      // The car's papers: each a media.json file.
      papers: (await repo.carPapers(c.id)).map((p) => ({
        id: p.id,
        kind: p.kind,
        mediaId: p.media_id,
        createdAt: p.created_at,
      })),
      ...camel(c, STAMPS),
    })),
  );

  json('car-logs.json', () =>
    jsonArray(
      flatten(
        (async function* () {
          for await (const batch of chunks(repo.carLogs(memberId), 100)) {
            const files = await repo.logMedia(batch.map((l) => l.id));
            yield batch.map((l) => ({
              log: l,
              mediaIds: files.filter((f) => f.car_log_id === l.id).map((f) => f.media_id),
            }));
          }
        })(),
      ),
      ({ log: l, mediaIds }) => ({
        // Every field of a log, from the contract's list (garage/field-columns.ts); tags and the
        // fill-up are written as values, every other field under its column's name.
        ...camel(l, ['id', ...LOG_EXPORT_COLUMNS]),
        tags: parseTags(l.tags),
        fuel:
          l.fuel_quantity === null
            ? null
            : {
                quantity: l.fuel_quantity,
                unit: l.fuel_unit,
                fullTank: bool(l.fuel_full_tank),
                missedPrevious: bool(l.fuel_missed_previous),
                pricePerUnit: l.fuel_price_per_unit,
                energy: l.fuel_energy,
                economyConfirmed: bool(l.fuel_economy_confirmed ?? null),
              },
        mediaIds,
        ...camel(l, STAMPS),
      }),
    ),
  );

  json('reminders.json', () =>
    jsonArray(repo.reminders(memberId), (r) => camel(r, [...REMINDER_EXPORT_COLUMNS])),
  );

  json('posts.json', () =>
    jsonArray(repo.posts(memberId), (p) =>
      camel(p, ['id', 'content', 'image_id', 'car_id', 'likes_count', 'comments_count', ...STAMPS]),
    ),
  );

  json('comments.json', () =>
    jsonArray(repo.comments(memberId), (c) =>
      camel(c, ['id', 'post_id', 'parent_comment_id', 'content', ...STAMPS]),
    ),
  );

  json('messages.json', () =>
    jsonArray(repo.messages(memberId), (m) => {
      const sent = m.sender_id === memberId;
      return {
        id: m.id,
        folder: sent ? 'sent' : 'inbox',
        senderId: m.sender_id,
        recipientId: m.recipient_id,
        subject: m.subject,
        content: m.content,
        isRead: m.is_read === 1,
        readAt: m.read_at,
        deletedByMe: (sent ? m.sender_deleted : m.recipient_deleted) === 1,
        createdAt: m.created_at,
      };
    }),
  );

  json('chat-messages.json', () =>
    jsonArray(repo.chatMessages(memberId), (m) => ({
      id: m.id,
      roomId: m.chat_room_id,
      seq: m.seq,
      content: m.content,
      createdAt: m.created_at,
    })),
  );

  json('friends.json', () =>
    jsonArray(repo.friends(memberId), (f) => ({
      ...camel(f, ['id', 'username', 'first_name', 'last_name']),
      since: f.created_at,
    })),
  );

  json('media.json', () =>
    jsonArray(repo.media(memberId), (m) => ({
      id: m.id,
      file: mediaFileName(m),
      ...camel(m, ['kind', 'mime', 'size_bytes', 'width', 'height', 'original_name', 'created_at']),
    })),
  );

  const file = (key: string, name: string) => entry(name, false, () => storage.open(key));

  // The media entries are listed page by page while the JSON entries above already stream.
  void (async () => {
    const profile = await repo.profile(memberId);
    const avatar = storage.avatarKey(profile?.avatar ?? null);
    if (avatar && (await storage.exists(avatar))) file(avatar, 'media/avatar.webp');
    for await (const m of repo.media(memberId)) {
      const at = storage.mediaKey(m.storage_key);
      // A file missing in the store is left out (media.json still lists its row) rather than breaking the
      // archive.
      if (await storage.exists(at)) file(at, mediaFileName(m));
      else log.warn({ mediaId: m.id }, 'media file missing from the account export');
    }
    zip.end();
  })().catch((error: unknown) => {
    log.warn(
      { err: error instanceof Error ? { message: error.message } : 'unknown' },
      'account export failed',
    );
    (zip.outputStream as Readable).destroy(
      error instanceof Error ? error : new Error('account export failed'),
    );
  });
  zip.on('error', (error: Error) => {
    log.warn({ err: { message: error.message } }, 'account export failed');
    (zip.outputStream as Readable).destroy(error);
  });
  return zip.outputStream;
}

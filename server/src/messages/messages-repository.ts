// Private messages and their per-member counters: the only code that touches their tables.
import {
  sql,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import { API_BASE } from '../../../src/contract/constants';
import type { Message, MessageFolder, MessageParticipant } from '../../../src/contract/messages';
import type { AttachedImage } from '../../../src/contract/posts';
import { attachedImages, byOwner, type ImageRef } from '../media/attached-images';
import { readRows } from '../db/fast-read';
import type { Database, UsersTable } from '../db/schema';
import { messagePageStarts, type FolderKey } from './message-page-starts';
import type { MessageRow } from './messages-table';
import { columnValues, countRows } from '../db/paging';

/** Where a message's photo is served (its participants only: messages-routes.ts). */
export const messageImageUrl = (messageId: string, mediaId: string) =>
  `${API_BASE}/messages/${messageId}/images/${mediaId}`;

/** A message as stored, before the participants' names are joined in. */
export type StoredMessage = Omit<MessageRow, 'read_at'>;

export interface Counters {
  inboxTotal: number;
  inboxUnread: number;
  sentTotal: number;
  /** Grows with every change of the member's folders (message-page-starts.ts); 0 before any. */
  version: number;
}

const NO_COUNTERS: Counters = { inboxTotal: 0, inboxUnread: 0, sentTotal: 0, version: 0 };
// Flags compared as literals, not parameters: SQLite uses a partial index (messages_inbox_unread)
// only when the query's WHERE spells out the index's own terms.
const ZERO = sql.lit(0);

type CounterColumn = 'inbox_total' | 'inbox_unread' | 'sent_total';

const MESSAGE_COLUMNS = [
  'id',
  'sender_id',
  'recipient_id',
  'subject',
  'content',
  'is_read',
  'created_at',
] as const;
type MessageColumns = Pick<MessageRow, (typeof MESSAGE_COLUMNS)[number]>;
const USER_COLUMNS = ['id', 'username', 'first_name', 'last_name', 'avatar'] as const;
type UserColumns = Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>;

/**
 * Messages with their participants. The names are read once per distinct member (a page of an inbox
 * names me twenty times and a few friends): a join per row cost the page twice as much on SQLite.
 */
async function withParticipants(
  participants: (ids: string[]) => Promise<Map<string, MessageParticipant>>,
  rows: MessageColumns[],
  photos: (ids: string[]) => Promise<Map<string, AttachedImage[]>>,
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const [people, images] = await Promise.all([
    participants(rows.flatMap((r) => [r.sender_id, r.recipient_id])),
    photos(rows.map((r) => r.id)),
  ]);
  return rows.flatMap((row) => {
    const sender = people.get(row.sender_id);
    const recipient = people.get(row.recipient_id);
    // Users are never deleted without their messages (the foreign keys cascade).
    if (!sender || !recipient) return [];
    return [
      {
        id: row.id,
        sender,
        recipient,
        subject: row.subject,
        content: row.content,
        images: images.get(row.id) ?? [],
        isRead: Number(row.is_read) === 1,
        createdAt: row.created_at,
      },
    ];
  });
}

/**
 * A query built and compiled once, run with other values. Kysely's builder and compiler cost as
 * much as SQLite takes to run a folder page (~60 µs each): on the hottest call of the feature that
 * is worth a compile per process. The values are placeholders marked in the built query, swapped by
 * position at run time.
 */
function prepared<Row, Name extends string>(
  names: readonly Name[],
  build: (marks: Record<Name, string>) => Compilable<Row>,
): (values: Record<Name, unknown>) => CompiledQuery<Row> {
  let compiled: CompiledQuery<Row> | undefined;
  let slots: (Name | null)[] = [];
  return (values) => {
    if (!compiled) {
      const marks = Object.fromEntries(names.map((n) => [n, `\u0000${n}`])) as Record<Name, string>;
      compiled = build(marks).compile();
      slots = compiled.parameters.map((v) =>
        typeof v === 'string' && v.startsWith('\u0000') ? (v.slice(1) as Name) : null,
      );
      const missing = names.filter((n) => !slots.includes(n));
      if (missing.length > 0) throw new Error(`Prepared query without ${missing.join(', ')}`);
    }
    const template = compiled;
    return { ...template, parameters: template.parameters.map((v, i) => (slots[i] ? values[slots[i]] : v)) };
  };
}

/** Adds `delta` to one counter of a member, creating their row at need. */
async function bump(trx: Transaction<Database>, memberId: string, column: CounterColumn, delta: number) {
  await trx
    .insertInto('message_counters')
    .values({
      member_id: memberId,
      inbox_total: 0,
      inbox_unread: 0,
      sent_total: 0,
      version: 1,
      [column]: delta,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet((eb) => ({
        [column]: eb(`message_counters.${column}`, '+', delta),
        // Every change of a folder moves a counter, so it moves the version too.
        version: eb('message_counters.version', '+', 1),
      })),
    )
    .execute();
}

export function messagesRepository(db: Kysely<Database>) {
  /** A member's folder, newest first, read from the folder's index alone (ids and order only). */
  const folderIds = (folder: MessageFolder, unreadOnly: boolean, memberId: string) => {
    const mine = folder === 'inbox' ? 'recipient_id' : 'sender_id';
    const deleted = folder === 'inbox' ? 'recipient_deleted' : 'sender_deleted';
    const ids = db
      .selectFrom('messages')
      .select(['id', 'created_at'])
      .where(mine, '=', memberId)
      .where(deleted, '=', ZERO)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    return unreadOnly ? ids.where('is_read', '=', ZERO) : ids;
  };
  /** The whole rows of a page of ids, in the page's order. */
  const pageRows = (pageIds: ReturnType<typeof folderIds>) =>
    db
      .selectFrom(pageIds.as('p'))
      .innerJoin('messages as m', 'm.id', 'p.id')
      .select(MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc');
  const byFolder = <Query>(make: (folder: MessageFolder, unreadOnly: boolean) => Query) => ({
    inbox: { all: make('inbox', false), unread: make('inbox', true) },
    sent: { all: make('sent', false), unread: make('sent', true) },
  });
  /**
   * One page of a folder, newest first. The page's ids come from the folder's index alone (an
   * OFFSET skips index entries, not joined rows); only those 20 or so rows are then read whole.
   */
  const pageQueries = byFolder((folder, unreadOnly) =>
    prepared(['memberId', 'limit', 'offset'] as const, (p) =>
      pageRows(
        folderIds(folder, unreadOnly, p.memberId)
          .limit(p.limit as unknown as number)
          .offset(p.offset as unknown as number),
      ),
    ),
  );
  /** The same page found by seeking past the row before it (its start): no offset to walk. */
  const seekQueries = byFolder((folder, unreadOnly) =>
    prepared(['memberId', 'limit', 'createdAt', 'id'] as const, (p) =>
      pageRows(
        folderIds(folder, unreadOnly, p.memberId)
          .where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(p.createdAt, p.id)))
          .limit(p.limit as unknown as number),
      ),
    ),
  );
  // Per repository (so per app and database), never shared across databases.
  const starts = messagePageStarts();
  const folderKey = (row: MessageColumns): FolderKey => ({ createdAt: row.created_at, id: row.id });

  // One prepared query per number of members asked (a page names 2 to 101 distinct members).
  const usersQueries = new Map<number, (values: Record<string, unknown>) => CompiledQuery<UserColumns>>();
  const usersQuery = (count: number) => {
    let query = usersQueries.get(count);
    if (!query) {
      const names = Array.from({ length: count }, (_, i) => `id${i}`);
      query = prepared(names, (p) =>
        db
          .selectFrom('users')
          .select(USER_COLUMNS)
          .where(
            'id',
            'in',
            names.map((n) => p[n]!),
          ),
      );
      usersQueries.set(count, query);
    }
    return query;
  };

  /** Who messages show: each member's public name and avatar, read once per distinct member. */
  async function participants(ids: string[]): Promise<Map<string, MessageParticipant>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const values = Object.fromEntries(unique.map((id, i) => [`id${i}`, id]));
    const rows = await readRows(db, usersQuery(unique.length)(values));
    return new Map(
      rows.map((u) => [
        u.id,
        { id: u.id, username: u.username, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar },
      ]),
    );
  }

  /** The photos of these messages in order (one look-up by the primary key's prefix), by message. */
  async function photos(ids: string[]): Promise<Map<string, AttachedImage[]>> {
    const rows = await db
      .selectFrom('message_images')
      .select(['message_id as owner', 'media_id', 'position', 'width', 'height'])
      .where('message_id', 'in', [...new Set(ids)])
      .execute();
    // Sorted here, not by the query: a page's few photos need no sorter in the plan.
    rows.sort((a, b) => Number(a.position) - Number(b.position));
    const out = new Map<string, AttachedImage[]>();
    for (const [id, list] of byOwner(rows))
      out.set(
        id,
        attachedImages(list, (mediaId) => messageImageUrl(id, mediaId)),
      );
    return out;
  }

  const countersQuery = prepared(['memberId'] as const, (p) =>
    db
      .selectFrom('message_counters')
      .select(['inbox_total', 'inbox_unread', 'sent_total', 'version'])
      .where('member_id', '=', p.memberId),
  );

  async function counters(memberId: string): Promise<Counters> {
    const [row] = await readRows(db, countersQuery({ memberId }));
    if (!row) return NO_COUNTERS;
    return {
      inboxTotal: Number(row.inbox_total),
      inboxUnread: Number(row.inbox_unread),
      sentTotal: Number(row.sent_total),
      version: Number(row.version),
    };
  }

  return {
    counters,

    /** The stored row (flags included), or undefined. */
    async findStored(id: string): Promise<StoredMessage | undefined> {
      return db
        .selectFrom('messages')
        .select([...MESSAGE_COLUMNS, 'sender_deleted', 'recipient_deleted'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The message with its participants, or undefined. Who may see it is the service's call. */
    async find(id: string): Promise<Message | undefined> {
      const row = await db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await withParticipants(participants, [row], photos))[0];
    },

    /**
     * One page of a folder, newest first. The page's ids come from the folder's index alone (an
     * OFFSET skips index entries, not joined rows); only those 20 or so rows are then read whole.
     * With the folders' `version` (Counters), a page whose start is known is read by seeking to it;
     * otherwise the offset is walked once and the starts of this page and the next are kept.
     */
    async page(
      memberId: string,
      folder: MessageFolder,
      { limit, offset, unreadOnly }: { limit: number; offset: number; unreadOnly: boolean },
      version?: number,
    ): Promise<Message[]> {
      const which = unreadOnly ? 'unread' : 'all';
      // The sent folder's unread filter moves when a recipient reads: a change of their version.
      const kept = version !== undefined && !(folder === 'sent' && unreadOnly) ? version : undefined;
      const name = `${folder}:${which}`;
      const after = kept !== undefined && offset > 0 ? starts.get(memberId, kept, name, offset) : undefined;
      let rows: MessageColumns[];
      if (after) {
        rows = await readRows(db, seekQueries[folder][which]({ memberId, limit, ...after }));
      } else if (offset === 0 || kept === undefined) {
        rows = await readRows(db, pageQueries[folder][which]({ memberId, limit, offset }));
      } else {
        // The row before the page comes along: it is where this page starts next time.
        const query = pageQueries[folder][which]({ memberId, limit: limit + 1, offset: offset - 1 });
        const read = await readRows(db, query);
        if (read[0]) starts.set(memberId, kept, name, offset, folderKey(read[0]));
        rows = read.slice(1);
      }
      // Paging on reads the next page by seeking too.
      const last = rows[limit - 1];
      if (kept !== undefined && last) starts.set(memberId, kept, name, offset + limit, folderKey(last));
      return withParticipants(participants, rows, photos);
    },

    /** Sent messages their recipients have not read yet (the sent folder's `unreadOnly` total). */
    countSentUnread: (memberId: string): Promise<number> =>
      countRows(
        db
          .selectFrom('messages')
          .where('sender_id', '=', memberId)
          .where('sender_deleted', '=', ZERO)
          .where('is_read', '=', ZERO),
      ),

    /**
     * Stores a new message and counts it for both participants, in one transaction. False when the
     * id exists already (a replayed create): nothing is written.
     */
    async insert(message: StoredMessage, images: ImageRef[] = []): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('messages')
          .values({ ...message, read_at: null })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        if (images.length > 0)
          await trx
            .insertInto('message_images')
            .values(
              images.map((image, position) => ({
                message_id: message.id,
                media_id: image.id,
                position,
                width: image.width,
                height: image.height,
              })),
            )
            .execute();
        // Counter rows are always locked in member id order, so that two members writing to each
        // other at the same moment cannot deadlock on PostgreSQL.
        const bumps: [string, CounterColumn][] = [
          [message.recipient_id, 'inbox_total'],
          [message.recipient_id, 'inbox_unread'],
          [message.sender_id, 'sent_total'],
        ];
        bumps.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        for (const [memberId, column] of bumps) await bump(trx, memberId, column, 1);
        return true;
      });
    },

    /**
     * Marks the recipient's unread message read and lowers their unread count, once: a message
     * already read (or deleted by them) changes nothing. True when it changed.
     */
    async markRead(recipientId: string, id: string, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('messages')
          .set({ is_read: 1, read_at: at })
          .where('id', '=', id)
          .where('recipient_id', '=', recipientId)
          .where('is_read', '=', 0)
          .where('recipient_deleted', '=', 0)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await bump(trx, recipientId, 'inbox_unread', -1);
        return true;
      });
    },

    /** The media row of a message's photo, when `mediaId` is one of its photos. */
    async imageOf(messageId: string, mediaId: string) {
      return db
        .selectFrom('message_images')
        .innerJoin('media', 'media.id', 'message_images.media_id')
        .selectAll('media')
        .where('message_images.message_id', '=', messageId)
        .where('message_images.media_id', '=', mediaId)
        .executeTakeFirst();
    },

    /**
     * Deletes the message for one participant: their flag is set and their counters lowered; the
     * row goes when both have deleted it, with its photos' media rows. `changed` when it was still
     * in their folder; `files`: the storage keys of the photos to remove once committed.
     */
    async deleteFor(
      memberId: string,
      id: string,
      role: 'sender' | 'recipient',
    ): Promise<{ changed: boolean; files: string[] }> {
      return db.transaction().execute(async (trx) => {
        const mine = role === 'recipient' ? 'recipient_deleted' : 'sender_deleted';
        const theirs = role === 'recipient' ? 'sender_deleted' : 'recipient_deleted';
        // RETURNING reads the row as this update left it, after any concurrent change committed.
        const row = await trx
          .updateTable('messages')
          .set({ [mine]: 1 })
          .where('id', '=', id)
          .where(role === 'recipient' ? 'recipient_id' : 'sender_id', '=', memberId)
          .where(mine, '=', 0)
          .returning(['is_read', theirs])
          .executeTakeFirst();
        if (!row) return { changed: false, files: [] };
        if (role === 'recipient') {
          await bump(trx, memberId, 'inbox_total', -1);
          if (Number(row.is_read) === 0) await bump(trx, memberId, 'inbox_unread', -1);
        } else {
          await bump(trx, memberId, 'sent_total', -1);
        }
        let files: string[] = [];
        if (Number((row as Record<string, unknown>)[theirs]) === 1) {
          // Nobody's conversation any more: its photos leave the store and the sender's quota.
          const mediaIds = await columnValues(
            trx.selectFrom('message_images').select('media_id').where('message_id', '=', id),
            'media_id',
          );
          await trx.deleteFrom('messages').where('id', '=', id).execute();
          if (mediaIds.length > 0)
            files = (
              await trx.deleteFrom('media').where('id', 'in', mediaIds).returning('storage_key').execute()
            ).map((m) => m.storage_key);
        }
        return { changed: true, files };
      });
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;

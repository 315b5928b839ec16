// The reminders' calendar feed behind a secret key. The key is never stored: it is
// HMAC(server secret, member id + nonce), shown again from the nonce, and the table keeps only its
// SHA-256 to find the member. Renewing draws a new nonce, so the old URL stops working at once.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '../../../src/contract/envelope';
import { isRecurring } from '../../../src/contract/maintenance';
import type { Reminder } from '../../../src/contract/maintenance-api';
import type { CarsRepository } from '../garage/cars-repository';
import { notFound } from '../http/errors';
import { carNameOf } from '../push/reminder-push-text';
import { calendarFeed, type CalendarEntry } from './calendar-feed';
import type { CalendarKeysRepository, StoredCalendarKey } from './calendar-keys-repository';
import type { CalendarMark } from './reminders-repository';

interface Deps {
  keys: CalendarKeysRepository;
  cars: CarsRepository;
  /** The member's reminders with their derived state (the maintenance service's list). */
  reminders: (memberId: string) => Promise<Reminder[]>;
  /** Each reminder's sequence and the day the feed last showed (remindersRepository's). */
  marks?: {
    calendarMarks(ids: readonly string[]): Promise<Map<string, CalendarMark>>;
    moveCalendarDate(id: string, from: string | null, to: string, at: string): Promise<boolean>;
  };
  /** The server's own secret (JWT_SECRET or DATA_DIR/jwt-secret): a calendar sub-key is derived. */
  secret: Uint8Array;
  publicUrl: string;
  now?: () => Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The feed as sent, and its strong ETag (a hash of the text: the same reminders, the same tag). */
export interface CalendarText {
  body: string;
  etag: string;
}

/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export function calendarService({
  keys,
  cars,
  reminders,
  marks = { calendarMarks: async () => new Map(), moveCalendarDate: async () => true },
  secret,
  publicUrl,
  now = () => new Date(),
}: Deps) {
  const subKey = createHmac('sha256', secret).update('paddock calendar feed key v1').digest();
  const keyOf = (memberId: string, nonce: string) =>
    createHmac('sha256', subKey).update(`${memberId}:${nonce}`).digest('base64url');
  const urlOf = (key: string) => `${publicUrl}${API_BASE}/reminders/calendar.ics?key=${key}`;

  async function fresh(memberId: string, replace: boolean): Promise<void> {
    const nonce = randomBytes(16).toString('base64url');
    const key: StoredCalendarKey = { memberId, nonce, keyHash: sha256(keyOf(memberId, nonce)) };
    const at = now().toISOString();
    await (replace ? keys.put(key, at) : keys.putIfNone(key, at));
  }

  return {
    /** The member's feed URL, made on first ask. */
    async url(memberId: string): Promise<string> {
      let stored = await keys.findByMember(memberId);
      if (!stored) {
        await fresh(memberId, false);
        stored = (await keys.findByMember(memberId))!;
      }
      let key = keyOf(memberId, stored.nonce);
      if (sha256(key) !== stored.keyHash) {
        // The server secret changed since: the old URL cannot work any more, give a working one.
        await fresh(memberId, true);
        key = keyOf(memberId, (await keys.findByMember(memberId))!.nonce);
      }
      return urlOf(key);
    },

    /** A new URL; the one before stops working at once. */
    async renew(memberId: string): Promise<string> {
      await fresh(memberId, true);
      const stored = (await keys.findByMember(memberId))!;
      return urlOf(keyOf(memberId, stored.nonce));
    },

    /** The feed for a key; an unknown or old key answers 404 like a missing page. */
    async feed(key: string): Promise<CalendarText> {
      const hash = sha256(key);
      const stored = await keys.findByHash(hash);
      if (!stored || !timingSafeEqual(Buffer.from(stored.keyHash, 'hex'), Buffer.from(hash, 'hex')))
        throw notFound('Calendar');
      const list = await reminders(stored.memberId);
      const carIds = [...new Set(list.map((r) => r.carId))];
      const names = new Map<string, string>();
      for (const id of carIds) {
        const car = await cars.findById(id);
        if (car) names.set(id, carNameOf(car));
      }
      const entries: CalendarEntry[] = [];
      // A one-off reminder done (its completing log written) has left the calendar.
      const shown = list.filter(
        (r) => (r.dueDate ?? r.predictedDate) && (isRecurring(r) || r.doneLogId === null),
      );
      const kept = await marks.calendarMarks(shown.map((r) => r.id));
      for (const r of shown) {
        const date = (r.dueDate ?? r.predictedDate)!;
        // The event's day moved without a write of the reminder (the car's logs moved it): a
        // change too — its sequence grows and LAST-MODIFIED is when it was seen to move.
        let mark = kept.get(r.id) ?? { sequence: 0, date: null, changedAt: null };
        if (mark.date !== date) {
          const at = now().toISOString();
          if (await marks.moveCalendarDate(r.id, mark.date, date, at)) {
            if (mark.date !== null) mark = { sequence: mark.sequence + 1, date, changedAt: at };
          } else {
            // Another request moved it first: its mark as now stored.
            mark = (await marks.calendarMarks([r.id])).get(r.id) ?? mark;
          }
        }
        const lastChange =
          mark.changedAt !== null && mark.changedAt > r.updatedAt ? mark.changedAt : r.updatedAt;
        entries.push({
          reminderId: r.id,
          carId: r.carId,
          title: r.title,
          carName: names.get(r.carId) ?? '',
          date,
          notes: r.notes,
          updatedAt: lastChange,
          sequence: mark.sequence,
        });
      }
      const body = calendarFeed(entries, {
        now: now(),
        publicUrl,
        name: 'Paddock',
        host: new URL(publicUrl).hostname,
      });
      return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;

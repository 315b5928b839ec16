import type { Kysely } from 'kysely';
import type { SettingsEntry, SettingsQuery } from '../../../src/contract/settings';
import { countRows, hasRow } from '../db/paging';
import type { Database } from '../db/schema';

export function settingsRepository(db: Kysely<Database>) {
  return {
    async list({
      domainId,
      key,
      limit,
      offset,
    }: SettingsQuery): Promise<{ items: SettingsEntry[]; total: number }> {
      let query = db.selectFrom('settings').where('domain_id', '=', domainId);
      if (key) query = query.where('key', '=', key);
      const [rows, count] = await Promise.all([
        query
          .select(['domain_id', 'key', 'json_payload'])
          .orderBy('position')
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(query),
      ]);
      return {
        total: count,
        items: rows.map((r) => ({
          key: r.key,
          domainId: r.domain_id,
          jsonPayload: JSON.parse(r.json_payload) as Record<string, string>,
        })),
      };
    },

    /** True when `key` is a known entry of the domain (for validating car fields). */
    async has(domainId: string, key: string): Promise<boolean> {
      return hasRow(db.selectFrom('settings').where('domain_id', '=', domainId).where('key', '=', key));
    },
  };
}

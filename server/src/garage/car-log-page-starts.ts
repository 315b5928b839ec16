// Where pages of a car's log list start, so that a page read before (or the page after one) is
// found by seeking the index rather than by walking its offset: page 250 of 10,000 logs cost four
// times page 1 to walk, and a member's devices page through the whole log book on their first sync.
//
// A start is the list key (start date, creation time, id) of the row just before the page. It is
// kept per version of the car's log book (`cars.log_version`, which the triggers of migration 0006
// change with every insert, update and delete of the car's logs, whoever writes them): a change
// makes every start of that car unreachable, in this process and any other. (A list read while a
// change commits may keep starts of the new log book under the old version; only reads that also
// began before the change can meet them, and those could see either state anyway.) Each process
// keeps its own, at most PAGE_STARTS_KEPT, least recently used first out.

import { pageStartsCache } from '../db/page-starts';

/** A row's place in the list order (latest start date first, then latest created, then id). */
export interface ListKey {
  startDate: string;
  createdAt: string;
  id: string;
}

export { PAGE_STARTS_KEPT } from '../db/page-starts';

/** A car's page: car, log book version, type filter, offset. */
export const pageStarts = (capacity?: number) =>
  pageStartsCache<[carId: string, version: string, type: string | undefined, offset: number], ListKey>(
    capacity,
  );

export type PageStarts = ReturnType<typeof pageStarts>;

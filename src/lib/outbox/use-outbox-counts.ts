// React hook over the live outbox counts: the pending/failed badge of the shell.
import { useEffect, useState } from 'react';
import { db as defaultDb, type PaddockDb } from '../db';
import { outboxCounts, type OutboxCounts } from './queries';
import { reportUnlessClosed } from '../db/closed';

const NONE: OutboxCounts = { pending: 0, failed: 0 };

export function useOutboxCounts(database: PaddockDb = defaultDb): OutboxCounts {
  const [counts, setCounts] = useState<OutboxCounts>(NONE);
  useEffect(() => {
    const subscription = outboxCounts(database).subscribe({
      next: setCounts,
      error: reportUnlessClosed('outbox counts unavailable'),
    });
    return () => subscription.unsubscribe();
  }, [database]);
  return counts;
}

// The header's live pending/failed counts. Entry-safe: the outbox (and Dexie) is imported only
// once the shell has settled (shell-settled.ts), so it stays out of the first render's scripts.
import { useEffect, useState } from 'react';
import type { OutboxCounts } from '@/lib/outbox';
import { shellSettled } from '@/lib/offline/shell-settled';
import { reportUnlessClosed } from '@/lib/db/closed';

const NONE: OutboxCounts = { pending: 0, failed: 0 };

async function subscribeCounts(listener: (counts: OutboxCounts) => void): Promise<() => void> {
  const [{ openLocalDatabase }, { outboxCounts }] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/outbox'),
  ]);
  // The database may be swapped for an in-memory one while it opens: watch the one that is used.
  await openLocalDatabase();
  const subscription = outboxCounts().subscribe({
    next: listener,
    error: reportUnlessClosed('outbox counts unavailable'),
  });
  return () => subscription.unsubscribe();
}

export function useLiveOutboxCounts(): OutboxCounts {
  const [counts, setCounts] = useState<OutboxCounts>(NONE);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void shellSettled()
      .then(() => (cancelled ? null : subscribeCounts(setCounts)))
      .then((unsubscribe) => {
        if (!unsubscribe) return;
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch(reportUnlessClosed('outbox counts unavailable'));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return counts;
}

// The entries that need attention, live (Dexie's live queries also see other tabs' writes).
// Lazy side only: it imports Dexie.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { failedEntries, type OutboxEntry } from '@/lib/outbox';

/** undefined while the first answer is on its way. */
export function useFailedEntries(): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[] | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(() => failedEntries()).subscribe({
      next: setEntries,
      error: (error: unknown) => {
        console.error('outbox entries unavailable', error);
        setEntries([]);
      },
    });
    return () => subscription.unsubscribe();
  }, []);
  return entries;
}

// A React hook over a Dexie live query: re-runs when the tables it read change, in this tab or
// another one. `undefined` until the first answer.
import { liveQuery } from 'dexie';
import { useEffect, useState, type DependencyList } from 'react';
import { openLocalDatabase } from '@/lib/db';

export function useLive<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ deps: DependencyList; value: T } | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe: () => void } | undefined;
    // The member's database first (it may fall back to memory); the query reads it by then.
    void openLocalDatabase().then(() => {
      if (cancelled) return;
      subscription = liveQuery(query).subscribe({
        next: (value) => setState({ deps, value }),
        error: (error: unknown) => console.error('local data unavailable', error),
      });
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
    // The caller's deps decide when the query is a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // An answer computed for other deps (e.g. another car) is not shown for the new ones.
  if (!state || state.deps.length !== deps.length || state.deps.some((d, i) => !Object.is(d, deps[i]))) {
    return undefined;
  }
  return state.value;
}

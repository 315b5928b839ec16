// A React hook over a Dexie live query: re-runs when the tables it read change, in this tab or
// another one. `undefined` until the first answer.
//
// The first answer shows at once; later ones at most every LIVE_UPDATE_INTERVAL_MS (the last one
// always arrives). A burst of writes (a replay of hundreds of entries, a sync of thousands of logs)
// then re-renders a screen a few times a second, not once per write: the filters, sums and lists
// downstream are recomputed per render.
import { liveQuery } from 'dexie';
import { useEffect, useState, type DependencyList } from 'react';
import { openLocalDatabase } from '@/lib/db';

export const LIVE_UPDATE_INTERVAL_MS = 250;

export function useLive<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ deps: DependencyList; value: T } | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe: () => void } | undefined;
    let lastShown = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    let latest: { value: T } | undefined;
    const show = () => {
      trailing = undefined;
      if (cancelled || !latest) return;
      lastShown = Date.now();
      setState({ deps, value: latest.value });
    };
    // The member's database first (it may fall back to memory); the query reads it by then.
    void openLocalDatabase().then(() => {
      if (cancelled) return;
      subscription = liveQuery(query).subscribe({
        next: (value) => {
          latest = { value };
          if (trailing) return; // the pending update will show this value
          const wait = lastShown + LIVE_UPDATE_INTERVAL_MS - Date.now();
          if (lastShown === 0 || wait <= 0) show();
          else trailing = setTimeout(show, wait);
        },
        error: (error: unknown) => console.error('local data unavailable', error),
      });
    });
    return () => {
      cancelled = true;
      if (trailing) clearTimeout(trailing);
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

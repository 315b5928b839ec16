// A React hook over a Dexie live query: re-runs when the tables it read change, in this tab or
// another one. `undefined` until the first answer.
//
// The first answer shows at once; later ones at most every LIVE_UPDATE_INTERVAL_MS (the state at
// the end of a burst always arrives). A burst of writes (a replay of hundreds of entries, a sync of
// thousands of logs) then re-reads and re-renders a screen a few times a second, not once per
// write: the query, and the filters, sums and lists downstream, run per interval.
import { liveQuery } from 'dexie';
import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { openLocalDatabase } from '@/lib/db';
import { reportUnlessClosed } from '@/lib/db/closed';

export const LIVE_UPDATE_INTERVAL_MS = 250;

export function useLive<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ deps: DependencyList; value: T } | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe: () => void } | undefined;
    let resume: ReturnType<typeof setTimeout> | undefined;
    let lastShown = 0;
    // An answer is a transition: React renders what it changes in slices, between which the
    // browser handles input and paints (a default update renders a whole screen in one task).
    const show = (value: T) => {
      lastShown = Date.now();
      startTransition(() => setState({ deps, value }));
    };
    // A burst of writes pauses the live query itself (no re-read per write): it resumes at the end
    // of the interval, and its first answer then is the current state.
    const subscribe = () => {
      let first = true;
      subscription = liveQuery(query).subscribe({
        next: (value) => {
          if (cancelled) return;
          const wait = lastShown + LIVE_UPDATE_INTERVAL_MS - Date.now();
          if (first || wait <= 0) {
            first = false;
            show(value);
            return;
          }
          subscription?.unsubscribe();
          subscription = undefined;
          resume = setTimeout(() => {
            resume = undefined;
            if (!cancelled) subscribe();
          }, wait);
        },
        // A sign-out deleted the database under a screen still closing: nothing to say.
        error: reportUnlessClosed('local data unavailable'),
      });
    };
    // The member's database first (it may fall back to memory); the query reads it by then.
    openLocalDatabase().then(
      () => {
        if (!cancelled) subscribe();
      },
      // A sign-out (or another member) closed the database while it opened: nothing to show.
      reportUnlessClosed('local data unavailable'),
    );
    return () => {
      cancelled = true;
      if (resume) clearTimeout(resume);
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

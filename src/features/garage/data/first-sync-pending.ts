// "The screen's first sync has not shown yet" (spec §4: an empty garage on a device that has not
// synced is loading, not empty). Pending until a sync has ended and the device's live lists have
// had time to show what it wrote (one live update may be waiting); the timer ends with the screen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_UPDATE_INTERVAL_MS } from '@/lib/offline/live';

/** How long after a sync's end its rows are surely on screen: two live updates. */
export const FIRST_SYNC_SHOWN_MS = 2 * LIVE_UPDATE_INTERVAL_MS;

export function useFirstSyncPending(): [pending: boolean, syncEnded: () => void] {
  const [pending, setPending] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);
  const syncEnded = useCallback(() => {
    // A sync that ends after the screen has gone (or a second one) schedules nothing.
    if (!mounted.current || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      if (mounted.current) setPending(false);
    }, FIRST_SYNC_SHOWN_MS);
  }, []);
  return [pending, syncEnded];
}

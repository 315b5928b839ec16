// A count the navigation shows (unread messages, unread chat), followed once the shell has settled:
// `follow` loads Dexie and its feature's data layer lazily, so the entry never pays for them.
import { useEffect, useState } from 'react';
import { useSession } from '@/lib/auth/session';
import { shellSettled } from './shell-settled';
import { reportUnlessClosed } from '@/lib/db/closed';

export type Unsubscribe = () => void;
export type FollowCount = (listener: (count: number | null) => void) => Promise<Unsubscribe>;

/** The followed count once known; 0 until then, and for no member. */
export function useFollowedCount(follow: FollowCount, what: string): number {
  const [count, setCount] = useState<number | null>(null);
  // Each member has a database of their own: another member signing in follows theirs.
  const memberId = useSession().user?.id;
  useEffect(() => {
    setCount(null);
    if (!memberId) return;
    let cancelled = false;
    let stop: Unsubscribe | null = null;
    void shellSettled()
      .then(() => (cancelled ? null : follow(setCount)))
      .then((unsubscribe) => {
        if (!unsubscribe) return;
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch(reportUnlessClosed(`${what} unavailable`));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [memberId, follow, what]);
  return count ?? 0;
}

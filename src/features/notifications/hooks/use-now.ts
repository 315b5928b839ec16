import { useEffect, useState } from 'react';

/** Relative dates ("2 minutes ago") move on by themselves, once a minute. */
export const NOW_TICK_MS = 60_000;

export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

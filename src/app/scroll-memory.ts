// Back to a list gives it its scroll position back. The router restores the window's position as
// soon as the screen renders, but a list (the feed, the garage) renders from its cache a moment
// later, so the page is still too short and the position is lost. Here the position each history
// entry was left at is kept, and after Back or Forward it is applied again as the page grows, until
// it is reached, the member scrolls or taps, or the page stops growing for long.
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

/** How long a restore waits for the content, at most: a limit, the content normally comes first. */
const GIVE_UP_MS = 4_000;

const keyOf = (location: ParsedLocation): string =>
  (location.state as { __TSR_key?: string } | undefined)?.__TSR_key ?? location.href;

function restore(y: number): void {
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.removeEventListener(type, stop, true);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, stop, { capture: true, passive: true });
  const started = performance.now();
  const step = () => {
    if (stopped) return;
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= y - 1) {
      window.scrollTo({ top: y, left: 0 });
      stop();
      return;
    }
    if (performance.now() - started > GIVE_UP_MS) {
      stop();
      return;
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Wires the scroll memory to the router; returns the unsubscribe. */
export function keepScrollOnBack(router: AnyRouter): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const positions = new Map<string, number>();
  let popped = false;
  const unsubscribes = [
    router.history.subscribe(({ action }: { action: { type: string } }) => {
      popped = action.type === 'BACK' || action.type === 'FORWARD' || action.type === 'GO';
    }),
    router.subscribe('onBeforeLoad', ({ fromLocation }) => {
      // A redirect before the first screen has no screen to remember.
      if (!fromLocation) return;
      positions.set(keyOf(fromLocation), window.scrollY);
      if (positions.size > 100) positions.delete(positions.keys().next().value as string);
    }),
    router.subscribe('onRendered', ({ toLocation }) => {
      if (!popped) return;
      popped = false;
      const y = positions.get(keyOf(toLocation));
      if (y && Math.abs(window.scrollY - y) > 1) restore(y);
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

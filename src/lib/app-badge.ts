// The installed app's icon badge (Badging API): the member's unread notifications plus unread
// private messages, the same figure the server puts in each push's `app_badge`, so that the icon
// agrees whether a push or the open app set it last. Cleared as the member reads, and signed out.
import { useEffect } from 'react';

type BadgingNavigator = {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** Shows `count` on the app's icon (nothing at 0); a browser without the API is left alone. */
export function showAppBadge(count: number, nav: BadgingNavigator = globalThis.navigator ?? {}): void {
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  // Refused (not installed, no permission): the badge is a nicety, never an error.
  done?.catch(() => undefined);
}

export function useAppBadge(count: number): void {
  useEffect(() => showAppBadge(count), [count]);
}

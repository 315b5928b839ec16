// Whether the device has a keyboard to speak of: a fine pointer (mouse, trackpad) is the sign the
// browser gives. A touch-only phone has none, and there Enter in a text area makes a new line, so
// keyboard hints ("Enter sends") and Enter-to-send are only for devices with a fine pointer.
import { useSyncExternalStore } from 'react';

export const KEYBOARD_QUERY = '(any-pointer: fine)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(KEYBOARD_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Without matchMedia (an old browser, a test DOM) a keyboard is assumed, as on a desktop. */
export function hasKeyboard(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(KEYBOARD_QUERY).matches;
}

/** hasKeyboard, following a mouse plugged in or removed. */
export function useHasKeyboard(): boolean {
  return useSyncExternalStore(subscribe, hasKeyboard, () => true);
}

// On a phone the back button closes what is open over the page (a dialog, a sheet, the photo
// viewer, a menu) rather than leaving the page under it. While the overlay is open it owns one
// history entry at the same address (pushed on opening, the router's own state kept in it); Back
// takes that entry and the overlay closes; closed any other way (its button, Escape, a tap outside)
// it takes its entry back, so no entry is left behind for Back to stumble on.
import { useEffect, useRef } from 'react';

const MARK = 'paddockOverlay';
let opened = 0;

function ownsEntry(marker: number): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MARK] === marker;
}

/** While `open`, Back calls `onClose` (and nothing else). */
export function useBackCloses(open: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open || typeof window === 'undefined') return;
    opened += 1;
    const marker = opened;
    const state: unknown = window.history.state;
    window.history.pushState({ ...(typeof state === 'object' ? state : {}), [MARK]: marker }, '');
    let closedByBack = false;
    const onPop = () => {
      if (ownsEntry(marker)) return; // a nested overlay's entry was taken: this one stays open
      closedByBack = true;
      close.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (closedByBack) return;
      // Closed in the page. A link followed from inside the overlay has already pushed its own
      // address by the time the task ends: the entry is then the new page's and stays.
      setTimeout(() => {
        if (ownsEntry(marker)) window.history.back();
      }, 0);
    };
  }, [open]);
}

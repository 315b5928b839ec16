import { useSyncExternalStore } from 'react';
import { DESKTOP_TOOLBAR, MOBILE_TOOLBAR, type ToolbarConfig } from '@/ui/rich-text-editor';

/** Narrower than this, the editor gets the spec's mobile toolbar (§9). */
export const MOBILE_MAX_WIDTH_PX = 767;
const QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isMobile(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** The post editor's toolbar for the viewport's width, following rotations and resizes. */
export function usePostToolbar(): ToolbarConfig {
  return useSyncExternalStore(subscribe, isMobile, () => false) ? MOBILE_TOOLBAR : DESKTOP_TOOLBAR;
}

// Installing the app (docs/OFFLINE-FIRST.md): where the browser offers it (`beforeinstallprompt`,
// Chromium), the account menu shows an install entry that opens the browser's own prompt. Safari
// on iPhone and iPad has no such event: there the menu explains "Add to Home Screen", which iOS
// requires before a web app may receive notifications (Web Push).
import { useSyncExternalStore } from 'react';

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the menu's entry, rather than the browser's own mini bar.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    announce();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    announce();
  });
}

/** Opens the browser's install prompt; the offer is spent either way (the browser may offer again). */
export async function installApp(): Promise<boolean> {
  const event = offered;
  if (!event) return false;
  offered = null;
  announce();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

function standalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const displayMode =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return iosStandalone || displayMode;
}

/** Safari on an iPhone or iPad (iPadOS reads as a Mac with touch), not yet on the Home Screen. */
export function needsHomeScreenHint(
  userAgent: string = navigator.userAgent,
  touchPoints: number = navigator.maxTouchPoints ?? 0,
): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  // Other iOS browsers name themselves (CriOS, FxiOS, EdgiOS); only Safari can add to the Home Screen.
  const safari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
  return ios && safari && !standalone();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const canInstall = () => offered !== null;

/** Whether the browser offers to install the app now. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(subscribe, canInstall, () => false);
}

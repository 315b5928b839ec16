// Entry-safe switch of the offline engine: the shell calls startSignedInSync once a member is
// signed in; any sign-out (a real logout or a 401, through onSignedOut) stops it. Stopping never
// clears anything: only a confirmed logout does (device-data.ts).
import { onSignedOut } from '@/lib/auth/sign-out';
import type * as SyncSessionModule from './sync-session';

type SyncSession = typeof SyncSessionModule;

let wanted = false;
let loading: Promise<SyncSession> | null = null;
const load = (): Promise<SyncSession> => (loading ??= import('./sync-session'));

/** Starts the engine once per sign-in; later calls while it runs do nothing. */
export async function startSignedInSync(): Promise<void> {
  if (wanted) return;
  wanted = true;
  const session = await load();
  if (wanted) await session.startSync();
}

/** Stops the engine; resolves once it has stopped (nothing of it starts after). */
export async function stopSignedInSync(): Promise<void> {
  if (!wanted) return;
  wanted = false;
  if (loading) (await loading).stopSync();
}

export function isSyncWanted(): boolean {
  return wanted;
}

onSignedOut(stopSignedInSync);

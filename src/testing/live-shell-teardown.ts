// The end of a screen test that runs the app shell: the screens unmount, the outbox engine the
// shell started stops, every replay pass still out is stopped and settled (its answers dropped),
// and only then does the database close. It waits for those states, never for a clock: a reader
// still finishing on a closed database has nothing to show and reports nothing (src/lib/db/closed.ts).
import { act, cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { stopSignedInSync } from '@/app/sync-lifecycle';
import { db } from '@/lib/db';
import { stopOutboxAndSettle } from '@/lib/outbox';
import { toast } from '@/lib/toast';

/** Unmounts, then stops the sync engine and the outbox passes still out, and waits for them. */
export async function stopShellWork(): Promise<void> {
  cleanup();
  await act(async () => {
    await stopSignedInSync();
    await stopOutboxAndSettle();
  });
}

/** `stopShellWork`, then closes the database and clears the stubs and toasts. */
export async function endLiveShellTest(): Promise<void> {
  await stopShellWork();
  db.close();
  vi.unstubAllGlobals();
  for (const item of toast.list()) toast.dismiss(item.id);
}

// The end of a screen test that runs the app shell with its real sync lifecycle: the screens
// unmount, the outbox engine the shell started stops, and only then does the database close.
import { act, cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { stopSignedInSync } from '@/app/sync-lifecycle';
import { db } from '@/lib/db';
import { toast } from '@/lib/toast';

/** Unmounts, stops the sync engine, lets it settle for `settleMs`, closes the database, clears toasts. */
export async function endLiveShellTest(settleMs = 200): Promise<void> {
  cleanup();
  stopSignedInSync();
  await act(async () => new Promise((resolve) => setTimeout(resolve, settleMs)));
  db.close();
  vi.unstubAllGlobals();
  for (const item of toast.list()) toast.dismiss(item.id);
}

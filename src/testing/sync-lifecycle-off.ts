// What `vi.mock('@/app/sync-lifecycle', …)` answers in the app-level screen tests: the shell never
// starts the outbox engine itself; a test replays when it means to. A module of its own, so that the
// mock's factory loads nothing of the app.
import { vi } from 'vitest';

export const syncLifecycleOff = {
  startSignedInSync: vi.fn(async () => undefined),
  stopSignedInSync: vi.fn(),
  isSyncWanted: () => false,
};

// Screen tests: the device's data has started (lib/offline/shell-settled.ts) before the first
// render, as on a page where the member has already tapped, so nothing waits for a gesture.
import type * as ShellSettled from '@/lib/offline/shell-settled';

export const shellSettledAtOnce: Pick<typeof ShellSettled, 'shellSettled' | 'deviceDataStarted'> = {
  shellSettled: () => Promise.resolve(),
  deviceDataStarted: () => true,
};

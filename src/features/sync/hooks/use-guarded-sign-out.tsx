// Logout that leaves nothing behind (docs/OFFLINE-FIRST.md property 10): while writes wait in the
// outbox, signing out first asks — send them first, or discard them — with "Stay" as the answer
// that has the focus. "Send first" replays the outbox and signs out once it is empty; offline, or
// when the server refuses some, it says so and offers to discard or stay. A sign-out that goes
// ahead deletes the member's database (mirror, outbox, files), the runtime caches and the
// member's keys in web storage. Dexie is loaded only when asked (the module is fetched when the
// menu opens, so an offline sign-out still finds it).
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { sessionStore } from '@/lib/auth/session-store';
import { setDeviceBeingCleared } from '@/lib/auth/sign-out';
import { getReachability, subscribeReachability } from '@/lib/network/reachability';
import { SignOutDialog, type SignOutStep } from '../components/sign-out-dialog';

const deviceData = () => import('../device-data');
const prepare = (): void => void deviceData().catch(() => undefined);

export interface GuardedSignOut {
  /** The sign-out button's action. */
  request: () => Promise<void>;
  /** True while the outbox is being counted or the device cleared. */
  busy: boolean;
  /** The question, when it is open: render it anywhere. */
  dialog: ReactNode;
  /** Fetches the module a sign-out needs (call when the menu opens: it may be offline later). */
  prepare: () => void;
}

export function useGuardedSignOut(
  signOut: () => Promise<void>,
  options: { returnFocus?: RefObject<HTMLElement | null>; onAsk?: () => void } = {},
): GuardedSignOut {
  const [state, setState] = useState<SignOutStep | null>(null);
  const [busy, setBusy] = useState(false);
  const [isLeaving, setLeaving] = useState(false);
  const stopSending = useRef<(() => void) | null>(null);
  const leaving = useRef(false);

  useEffect(() => () => stopSending.current?.(), []);

  async function leave(): Promise<void> {
    if (leaving.current) return;
    leaving.current = true;
    stopSending.current?.();
    stopSending.current = null;
    setBusy(true);
    setLeaving(true);
    // The database is named after the member: read before the session ends.
    const memberId = sessionStore.getState().user?.id ?? null;
    // From now on no screen still closing opens a database the clear would have to chase.
    setDeviceBeingCleared(true);
    // The session ends on this device at once (signOut's first, synchronous step); the device is
    // cleared without waiting for the server's answer to the logout call.
    const signingOut = signOut();
    try {
      await (await deviceData()).clearDeviceData({ memberId });
    } catch (error) {
      console.error('local data could not be cleared', error);
    }
    await signingOut;
  }

  function sendFirst(): void {
    if (!state || state.step !== 'ask' || stopSending.current) return;
    const total = state.count;
    setState({ step: 'sending', left: total });
    let counts = { pending: total, failed: 0 };
    const settle = () => {
      if (leaving.current || !stopSending.current) return;
      if (counts.pending === 0 && counts.failed === 0) {
        void leave();
      } else if (counts.pending === 0) {
        stop();
        setState({ step: 'refused', count: counts.failed });
      } else if (getReachability() !== 'online') {
        stop();
        setState({ step: 'offline', count: counts.pending + counts.failed });
      } else {
        setState({ step: 'sending', left: counts.pending + counts.failed });
      }
    };
    const offReach = subscribeReachability(settle);
    let offCounts: () => void = () => undefined;
    const stop = () => {
      offReach();
      offCounts();
      stopSending.current = null;
    };
    stopSending.current = stop;
    void deviceData().then(
      (data) => {
        if (stopSending.current !== stop) return;
        offCounts = data.sendUnsent((next) => {
          counts = next;
          settle();
        });
        settle();
      },
      (error: unknown) => {
        console.error('outbox could not be sent', error);
        stop();
        setState({ step: 'offline', count: total });
      },
    );
  }

  function stay(): void {
    stopSending.current?.();
    stopSending.current = null;
    setState(null);
  }

  async function request(): Promise<void> {
    setBusy(true);
    let count = 0;
    try {
      count = await (await deviceData()).unsentCount();
    } catch (error) {
      // Unreadable database: nothing can be sent from it; the sign-out goes on and clears it.
      console.error('outbox could not be counted', error);
    }
    setBusy(false);
    if (count > 0) {
      options.onAsk?.();
      setState({ step: 'ask', count });
      return;
    }
    await leave();
  }

  const dialog = state ? (
    <SignOutDialog
      state={state}
      leaving={isLeaving}
      onSendFirst={sendFirst}
      onDiscard={() => void leave()}
      onStay={stay}
      {...(options.returnFocus ? { returnFocus: options.returnFocus } : {})}
    />
  ) : null;

  return { request, busy, dialog, prepare };
}

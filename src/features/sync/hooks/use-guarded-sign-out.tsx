// Logout that loses nothing (docs/OFFLINE-FIRST.md property 10): while writes wait in the outbox, signing out
// first asks, with "Stay" as the answer that has the focus. A sign-out that goes ahead clears the
// device: Dexie (the outbox with it) and the runtime caches. Dexie is loaded only when asked.
import { useState, type ReactNode, type RefObject } from 'react';
import { useT } from '@/lib/i18n';
import { ConfirmDialog } from '@/ui';

const deviceData = () => import('../device-data');

export interface GuardedSignOut {
  /** The sign-out button's action. */
  request: () => Promise<void>;
  /** True while the outbox is being counted or the device cleared. */
  busy: boolean;
  /** The confirmation, when it is open: render it anywhere. */
  dialog: ReactNode;
}

export function useGuardedSignOut(
  signOut: () => Promise<void>,
  options: { returnFocus?: RefObject<HTMLElement | null>; onAsk?: () => void } = {},
): GuardedSignOut {
  const t = useT();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function leave(): Promise<void> {
    setBusy(true);
    // The session ends on this device at once (signOut's first, synchronous step); the device is
    // cleared without waiting for the server's answer to the logout call.
    const signingOut = signOut();
    try {
      await (await deviceData()).clearDeviceData();
    } catch (error) {
      console.error('local data could not be cleared', error);
    }
    await signingOut;
  }

  async function request(): Promise<void> {
    setBusy(true);
    let count = 0;
    try {
      count = await (await deviceData()).unsentCount();
    } catch (error) {
      // Unreadable database: nothing can be lost from it, nor cleared; the sign-out goes on.
      console.error('outbox could not be counted', error);
    }
    setBusy(false);
    if (count > 0) {
      options.onAsk?.();
      setUnsent(count);
      return;
    }
    await leave();
  }

  const dialog =
    unsent !== null ? (
      <ConfirmDialog
        title={t('SYNC.SIGN_OUT_TITLE')}
        message={t('SYNC.SIGN_OUT_UNSENT', { count: unsent })}
        cancelLabel={t('SYNC.STAY')}
        confirmLabel={t('SYNC.SIGN_OUT_ANYWAY')}
        busy={busy}
        onCancel={() => setUnsent(null)}
        onConfirm={() => void leave()}
        {...(options.returnFocus ? { returnFocus: options.returnFocus } : {})}
      />
    ) : null;

  return { request, busy, dialog };
}

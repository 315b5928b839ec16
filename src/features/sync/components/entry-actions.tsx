// What the "needs attention" cards share: one action at a time (its button busy, the others
// disabled), a failure shown on the card, and the throw-away choice that asks first.
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { ConfirmedButton } from '@/ui/confirmed-button';

/**
 * Runs the card's actions one at a time. On success the entry leaves the "needs attention" list,
 * and the card with it, so only a failure resets the state; `act` answers whether it succeeded.
 */
export function useEntryActions<A extends string>(run: (action: A) => Promise<unknown>, what: string) {
  const [busy, setBusy] = useState<A | null>(null);
  const [failed, setFailed] = useState(false);

  async function act(action: A): Promise<boolean> {
    setBusy(action);
    setFailed(false);
    try {
      await run(action);
      return true;
    } catch (error) {
      console.error(`outbox ${action}${what} failed`, error);
      setFailed(true);
      setBusy(null);
      return false;
    }
  }

  return { busy, failed, act };
}

/** The quiet danger button that ends a card's choices; it asks first. */
export function ConfirmedThrowAway({
  label,
  title,
  message,
  confirmLabel,
  disabled,
  busy,
  onConfirm,
}: {
  label: string;
  title: string;
  message: string;
  confirmLabel: string;
  disabled: boolean;
  busy: boolean;
  onConfirm: () => Promise<boolean>;
}) {
  const t = useT();
  return (
    <ConfirmedButton
      variant="ghost"
      size="small"
      className="sync-button--danger-text"
      disabled={disabled}
      dialog={{ title, message, cancelLabel: t('SYNC.KEEP'), confirmLabel }}
      busy={busy}
      onConfirm={onConfirm}
    >
      {label}
    </ConfirmedButton>
  );
}

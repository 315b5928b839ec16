// What the "needs attention" cards share: one action at a time (its button busy, the others
// disabled), a failure shown on the card, and the throw-away choice that asks first.
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui';
import { ConfirmedButton } from '@/ui/confirmed-button';

/**
 * Runs the card's actions one at a time. On success the entry leaves the "needs attention" list,
 * and the card with it, so only a failure resets the state; `act` answers whether it succeeded.
 */
export function useEntryActions<A extends string>(run: (action: A) => Promise<unknown>, what?: string) {
  const [busy, setBusy] = useState<A | null>(null);
  const [failed, setFailed] = useState(false);

  async function act(action: A): Promise<boolean> {
    setBusy(action);
    setFailed(false);
    try {
      await run(action);
      return true;
    } catch (error) {
      console.error(`outbox ${action}${what ? ` ${what}` : ''} failed`, error);
      setFailed(true);
      setBusy(null);
      return false;
    }
  }

  return { busy, failed, act };
}

/** What a button needs of the card's actions: which one runs, and how to run one. */
interface EntryActions<A extends string> {
  busy: string | null;
  act: (action: A) => Promise<boolean>;
}

/** One of the card's choices: busy while it runs, disabled while another does. */
export function EntryActionButton<A extends string>({
  actions,
  action,
  children,
}: {
  actions: EntryActions<A>;
  action: A;
  children: string;
}) {
  return (
    <Button
      size="small"
      busy={actions.busy === action}
      disabled={actions.busy !== null}
      onClick={() => void actions.act(action)}
    >
      {children}
    </Button>
  );
}

const THROW_AWAY_KEYS = {
  discard: {
    label: 'SYNC.DISCARD',
    title: 'SYNC.DISCARD_TITLE',
    text: 'SYNC.DISCARD_TEXT',
    confirm: 'SYNC.DISCARD_CONFIRM',
  },
  drop: {
    label: 'SYNC.DROP',
    title: 'SYNC.DROP_TITLE',
    text: 'SYNC.DROP_TEXT',
    confirm: 'SYNC.DROP_CONFIRM',
  },
} as const;
type ThrowAway = keyof typeof THROW_AWAY_KEYS;

/** The quiet danger button that ends a card's choices (discard a write, drop a row): it asks first. */
export function ConfirmedThrowAway<A extends string>({
  actions,
  action,
  name,
}: {
  actions: EntryActions<A>;
  action: A & ThrowAway;
  /** What the entry is, as the dialog names it. */
  name: string;
}) {
  const t = useT();
  const keys = THROW_AWAY_KEYS[action];
  return (
    <ConfirmedButton
      variant="ghost"
      size="small"
      className="sync-button--danger-text"
      disabled={actions.busy !== null}
      dialog={{
        title: t(keys.title),
        message: t(keys.text, { name }),
        cancelLabel: t('SYNC.KEEP'),
        confirmLabel: t(keys.confirm),
      }}
      busy={actions.busy === action}
      onConfirm={() => actions.act(action)}
    >
      {t(keys.label)}
    </ConfirmedButton>
  );
}

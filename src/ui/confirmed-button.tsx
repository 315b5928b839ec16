// A button whose action asks first (delete, leave, discard): the button opens a confirmation, and
// the confirmation runs the action. The dialog is a portal, so where it sits in the tree is free.
import { useState } from 'react';
import { Button, type ButtonProps } from './button';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmedButtonProps extends Omit<ButtonProps, 'onClick' | 'busy'> {
  dialog: { title: string; message: string; cancelLabel: string; confirmLabel: string };
  /** The action is under way: the dialog's confirm button shows it. */
  busy: boolean;
  /**
   * Runs the action; answers whether it succeeded. A failure closes the dialog (the caller says
   * why); a success leaves it to the caller, whose screen or card usually goes away.
   */
  onConfirm: () => Promise<boolean>;
}

export function ConfirmedButton({ dialog, busy, onConfirm, ...button }: ConfirmedButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setAsking(true)} />
      {asking ? (
        <ConfirmDialog
          {...dialog}
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => void onConfirm().then((done) => done || setAsking(false))}
        />
      ) : null}
    </>
  );
}

// "Are you sure?" for choices that lose something. The safe answer has the focus: Enter or Escape
// right away keeps everything.
import { useId, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  returnFocus?: RefObject<HTMLElement | null>;
}

export function ConfirmDialog({
  title,
  message,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  busy,
  returnFocus,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={messageId}
      onClose={onCancel}
      {...(returnFocus ? { returnFocus } : {})}
      className="ui-confirm"
    >
      <h2 id={titleId} className="ui-modal__title">
        {title}
      </h2>
      <div id={messageId} className="ui-confirm__message">
        {message}
      </div>
      <div className="ui-confirm__actions">
        <Button data-autofocus variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button className="ui-button--danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

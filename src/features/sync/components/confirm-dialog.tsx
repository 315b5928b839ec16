// "Are you sure?" for choices that lose something. The safe answer has the focus: Enter or Escape
// right away keeps everything.
import { useId, type RefObject } from 'react';
import { Button } from '@/ui';
import { Modal } from './modal';
import '../sync.css';

export interface ConfirmDialogProps {
  title: string;
  message: string;
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
      className="sync-confirm"
    >
      <h2 id={titleId} className="sync-modal__title">
        {title}
      </h2>
      <p id={messageId} className="sync-confirm__message">
        {message}
      </p>
      <div className="sync-confirm__actions">
        <Button data-autofocus variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button className="sync-button--danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

// The top of a dialog with a title and a close (×) button: the people lists, the recipient picker,
// the sync panel. The title labels the dialog (Modal's labelledBy = titleId).
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface ModalHeaderProps {
  titleId: string;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  /** The class of the header; its close button gets `closeClassName`. */
  className: string;
  closeClassName: string;
}

export function ModalHeader({
  titleId,
  title,
  closeLabel,
  onClose,
  className,
  closeClassName,
}: ModalHeaderProps) {
  return (
    <header className={className}>
      <h2 id={titleId} className="ui-modal__title">
        {title}
      </h2>
      <button type="button" className={closeClassName} aria-label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </button>
    </header>
  );
}

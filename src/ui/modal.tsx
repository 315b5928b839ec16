// A modal dialog: portaled to <body>, focus moves in and is kept in (Tab wraps), Escape and a
// click on the backdrop close it, and so does the back button (use-back-closes.ts, no history entry
// left behind), and focus goes back where it was (or to `returnFocus`).
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useBackCloses } from './use-back-closes';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** 'alertdialog' for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  /** Where focus goes on close when the element that had it is gone (e.g. a closed menu). */
  returnFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

export function Modal({
  role = 'dialog',
  labelledBy,
  describedBy,
  onClose,
  returnFocus,
  className,
  children,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useBackCloses(true, onClose);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    // The element marked data-autofocus (the safe answer of a question), else the first one.
    const marked = root?.querySelector<HTMLElement>('[data-autofocus]');
    const target = marked ?? (root ? focusables(root)[0] : undefined) ?? root;
    target?.focus();
    // Elements that outlive the dialog (e.g. the button of a menu that has closed).
    const fallback = returnFocus?.current ?? null;
    return () => {
      // The opener may be gone (a discarded entry's card): then the dialog underneath, if any.
      const underneath = [...document.querySelectorAll<HTMLElement>('.ui-modal__panel')]
        .filter((el) => el !== root && el.isConnected)
        .at(-1);
      const had = before && before !== document.body && before.isConnected ? before : null;
      const back = had ?? fallback ?? underneath;
      back?.focus();
    };
    // Once per opening: the refs are read when the dialog opens and closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="ui-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={['ui-modal__panel', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

// The "…" menu of a post, comment, message, chat line or profile by another member: "Report" (the
// report form is two taps away) and "Block" (asked first). Block and mute of a profile are here too.
import { useId, useRef, useState } from 'react';
import { useT } from '@/lib/i18n';
import { Alert, ConfirmDialog } from '@/ui';
import { muteMember, type ReportTarget } from './api';
import { blockMember } from './block-actions';
import { ReportDialog } from './report-dialog';
import './trust.css';

export interface TrustMenuProps extends ReportTarget {
  /** The member behind the thing: offered to block (and to mute, with `canMute`). */
  authorId?: string | null;
  /** Whom the menu is about, for its name ("More for Jane's post"). */
  label: string;
  canMute?: boolean;
  /** After a block is saved (the screen hides the member's things). */
  onBlocked?: () => void;
}

export function TrustMenu({ targetType, targetId, authorId, label, canMute, onBlocked }: TrustMenuProps) {
  const t = useT();
  const panelId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const [muted, setMuted] = useState<boolean | null>(null);
  const [error, setError] = useState(false);
  const choose = (next: 'report' | 'block') => {
    setOpen(false);
    setDialog(next);
  };
  const block = () => {
    if (!authorId) return;
    setDialog(null);
    // Kept on this device first (their things vanish at once), sent now or once back online.
    blockMember(authorId).then(
      () => onBlocked?.(),
      () => setError(true),
    );
  };
  const toggleMute = () => {
    if (!authorId) return;
    const next = !(muted ?? false);
    setOpen(false);
    muteMember(authorId, next).then(
      (state) => setMuted(state.muted),
      () => setError(true),
    );
  };
  return (
    <span className="trust-menu">
      <button
        ref={opener}
        type="button"
        className="ui-button ui-button--ghost ui-button--icon trust-menu__opener"
        aria-label={t('TRUST.MORE', { name: label })}
        title={t('TRUST.MORE', { name: label })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">…</span>
      </button>
      {open ? (
        <span id={panelId} className="trust-menu__panel ui-flex ui-column">
          <button type="button" className="trust-menu__item" onClick={() => choose('report')}>
            {t('TRUST.REPORT')}
          </button>
          {authorId ? (
            <button type="button" className="trust-menu__item" onClick={() => choose('block')}>
              {t('TRUST.BLOCK')}
            </button>
          ) : null}
          {authorId && canMute ? (
            <button type="button" className="trust-menu__item" onClick={toggleMute}>
              {t(muted ? 'TRUST.UNMUTE' : 'TRUST.MUTE')}
            </button>
          ) : null}
        </span>
      ) : null}
      {muted !== null ? (
        <span className="visually-hidden" role="status">
          {t(muted ? 'TRUST.MUTED' : 'TRUST.UNMUTED')}
        </span>
      ) : null}
      {error ? <Alert kind="error">{t('TRUST.ACTION_FAILED')}</Alert> : null}
      {dialog === 'report' ? (
        <ReportDialog
          targetType={targetType}
          targetId={targetId}
          authorId={authorId ?? null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'block' ? (
        <ConfirmDialog
          title={t('TRUST.BLOCK_TITLE')}
          message={t('TRUST.BLOCK_TEXT')}
          cancelLabel={t('TRUST.CANCEL')}
          confirmLabel={t('TRUST.BLOCK')}
          returnFocus={opener}
          onCancel={() => setDialog(null)}
          onConfirm={block}
        />
      ) : null}
    </span>
  );
}

// The report form (issue "Trust": two taps from every post, comment, message, chat line and
// profile): a reason, optional details, and the offer to block the member at the same time. For a
// private message it says that this message, and only it, is shared with the moderators.
import { useId, useState, type FormEvent } from 'react';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@/contract/constants';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { Alert, Button, Modal, ModalHeader, TextArea } from '@/ui';
import { sendReport, type ReportTarget } from './api';
import { blockMember } from './block-actions';
import './trust.css';

const REASON_KEYS: Record<ReportReason, string> = {
  spam: 'TRUST.REASON_SPAM',
  harassment: 'TRUST.REASON_HARASSMENT',
  hate: 'TRUST.REASON_HATE',
  nudity: 'TRUST.REASON_NUDITY',
  violence: 'TRUST.REASON_VIOLENCE',
  scam: 'TRUST.REASON_SCAM',
  other: 'TRUST.REASON_OTHER',
};

export interface ReportDialogProps extends ReportTarget {
  /** The member behind the thing (offered to block); none for my own things. */
  authorId?: string | null;
  onClose: () => void;
}

export function ReportDialog({ targetType, targetId, authorId, onClose }: ReportDialogProps) {
  const t = useT();
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('TRUST.REASON_REQUIRED');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sendReport({ targetType, targetId }, reason, details.trim() || null);
      if (alsoBlock && authorId) await blockMember(authorId);
      setSent(true);
    } catch (cause) {
      setError(isNetworkError(cause) ? 'TRUST.REPORT_OFFLINE' : 'TRUST.REPORT_FAILED');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="trust-report">
      <ModalHeader
        titleId={titleId}
        title={t('TRUST.REPORT_TITLE')}
        closeLabel={t('COMMON.CLOSE')}
        onClose={onClose}
        className="ui-people-dialog__header"
        closeClassName="ui-people-dialog__close"
      />
      {sent ? (
        <div className="ui-flex ui-column ui-gap-3">
          <p role="status">{t(alsoBlock && authorId ? 'TRUST.REPORT_SENT_BLOCKED' : 'TRUST.REPORT_SENT')}</p>
          <Button data-autofocus onClick={onClose}>
            {t('COMMON.CLOSE')}
          </Button>
        </div>
      ) : (
        <form className="ui-flex ui-column ui-gap-3" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="trust-report__reasons">
            <legend>{t('TRUST.REASON_LEGEND')}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="trust-report__reason">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError(null);
                  }}
                />
                <span>{t(REASON_KEYS[value])}</span>
              </label>
            ))}
          </fieldset>
          <TextArea
            label={t('TRUST.DETAILS')}
            optional
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
          {targetType === 'message' ? (
            <p className="trust-report__note">{t('TRUST.MESSAGE_SHARED')}</p>
          ) : null}
          {authorId ? (
            <label className="trust-report__reason">
              <input type="checkbox" checked={alsoBlock} onChange={(e) => setAlsoBlock(e.target.checked)} />
              <span>{t('TRUST.ALSO_BLOCK')}</span>
            </label>
          ) : null}
          {error ? <Alert kind="error">{t(error)}</Alert> : null}
          <div className="ui-flex ui-gap-2 ui-wrap">
            <Button variant="secondary" type="button" onClick={onClose}>
              {t('TRUST.CANCEL')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('TRUST.REPORT_SEND')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

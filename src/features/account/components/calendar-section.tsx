import { useRef, useState } from 'react';
import { errorTextOf } from '@/lib/http/api-error-catalogue';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Alert, AlertIcon, Button, ConfirmDialog, Skeleton } from '@/ui';
import { useCalendarFeed, useRenewCalendarFeed } from '../api/calendar-key';
import { SettingsSection } from './settings-section';
import './calendar-section.css';

/**
 * "Calendar": the secret address of my reminders' calendar feed, to subscribe to from a phone or a
 * desktop calendar; Copy, and Renew (the old address stops working at once, after a confirmation).
 */
export function CalendarSection() {
  const t = useT();
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ kind: 'success', message: t('ACCOUNT.CALENDAR_COPIED') });
    } catch {
      // No clipboard (an insecure page, a refusal): select it for the member to copy.
      field.current?.select();
      toast.show({ kind: 'info', message: t('ACCOUNT.CALENDAR_COPY_BY_HAND') });
    }
  };

  const doRenew = () =>
    renew.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.show({ kind: 'success', message: t('ACCOUNT.CALENDAR_RENEWED') });
      },
      onError: (error) => {
        setConfirming(false);
        const text = errorTextOf(error);
        toast.show({
          kind: 'error',
          message: `${t('ACCOUNT.CALENDAR_RENEW_FAILED')} ${'text' in text ? text.text : t(text.key, text.values)}`,
        });
      },
    });

  return (
    <SettingsSection title={t('ACCOUNT.CALENDAR_TITLE')} description={t('ACCOUNT.CALENDAR_TEXT')}>
      {feed.data ? (
        <div className="account-calendar ui-flex ui-column ui-gap-3">
          <label className="account-calendar__label ui-flex ui-column ui-gap-2">
            <span>{t('ACCOUNT.CALENDAR_URL')}</span>
            {/* A textarea so the whole address wraps and shows on a phone (an input would cut it). */}
            <textarea
              ref={field}
              className="ui-input account-calendar__url"
              rows={3}
              readOnly
              value={feed.data.url}
              onFocus={(event) => event.target.select()}
            />
          </label>
          <div className="account-calendar__actions ui-flex ui-wrap ui-gap-2">
            <Button variant="secondary" size="small" onClick={() => void copy(feed.data.url)}>
              {t('ACCOUNT.CALENDAR_COPY')}
            </Button>
            <Button variant="ghost" size="small" onClick={() => setConfirming(true)}>
              {t('ACCOUNT.CALENDAR_RENEW')}
            </Button>
          </div>
        </div>
      ) : feed.isError ? (
        // A warning, not an alert: the rest of the settings screen still works.
        <Alert kind="warning">
          <AlertIcon />
          <span>{t('ACCOUNT.CALENDAR_LOAD_FAILED')}</span>
          <Button variant="secondary" size="small" onClick={() => void feed.refetch()}>
            {t('ACCOUNT.RETRY')}
          </Button>
        </Alert>
      ) : (
        <div role="status" aria-label={t('COMMON.LOADING')}>
          <Skeleton height="2.5rem" />
        </div>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t('ACCOUNT.CALENDAR_RENEW_CONFIRM_TITLE')}
          message={<p>{t('ACCOUNT.CALENDAR_RENEW_CONFIRM_TEXT')}</p>}
          confirmLabel={t('ACCOUNT.CALENDAR_RENEW_CONFIRM')}
          cancelLabel={t('ACCOUNT.CANCEL')}
          busy={renew.isPending}
          onConfirm={doRenew}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </SettingsSection>
  );
}

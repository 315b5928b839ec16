import { useState } from 'react';
import type { NotificationPreferenceKey } from '@/contract/account';
import { errorTextOf, type ErrorText } from '@/lib/http/api-error-catalogue';
import { useT } from '@/lib/i18n';
import { Alert, AlertIcon, Button, Skeleton } from '@/ui';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreference } from '../api/update-preferences';
import { SettingsSection } from './settings-section';

/** The switches, in the order members think of them, each with its label key. */
const PREFERENCES: readonly { key: NotificationPreferenceKey; label: string }[] = [
  { key: 'notifyLikes', label: 'ACCOUNT.NOTIFY_LIKES' },
  { key: 'notifyComments', label: 'ACCOUNT.NOTIFY_COMMENTS' },
  { key: 'notifyFriendRequests', label: 'ACCOUNT.NOTIFY_FRIEND_REQUESTS' },
  { key: 'notifyMessages', label: 'ACCOUNT.NOTIFY_MESSAGES' },
  { key: 'notifyChat', label: 'ACCOUNT.NOTIFY_CHAT' },
];

/** Which notifications I get: each switch is saved as soon as it moves, and goes back if refused. */
export function NotificationsSection() {
  const t = useT();
  const preferences = usePreferences();
  const update = useUpdatePreference();
  const [failure, setFailure] = useState<ErrorText | null>(null);

  const onToggle = (key: NotificationPreferenceKey, value: boolean) => {
    setFailure(null);
    update.mutate({ key, value }, { onError: (error) => setFailure(errorTextOf(error)) });
  };

  return (
    <SettingsSection title={t('ACCOUNT.NOTIFICATIONS_TITLE')} description={t('ACCOUNT.NOTIFICATIONS_TEXT')}>
      {failure ? (
        <Alert kind="error">
          <AlertIcon />
          <span>
            {t('ACCOUNT.NOTIFICATIONS_NOT_SAVED')}{' '}
            {'text' in failure ? failure.text : t(failure.key, failure.values)}
          </span>
        </Alert>
      ) : null}
      {preferences.data ? (
        <ul className="account-switches ui-flex ui-column ui-gap-2 ui-bare-list">
          {PREFERENCES.map(({ key, label }) => (
            <li key={key} className="account-switch">
              <label className="account-switch__label ui-flex ui-center ui-between ui-gap-3">
                <span className="account-switch__text">{t(label)}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className="account-switch__input"
                  checked={preferences.data[key]}
                  onChange={(event) => onToggle(key, event.target.checked)}
                />
              </label>
            </li>
          ))}
        </ul>
      ) : preferences.isError ? (
        <Alert kind="error">
          <AlertIcon />
          <span>{t('ACCOUNT.NOTIFICATIONS_LOAD_FAILED')}</span>
          <Button variant="secondary" size="small" onClick={() => void preferences.refetch()}>
            {t('ACCOUNT.RETRY')}
          </Button>
        </Alert>
      ) : (
        <div
          role="status"
          aria-label={t('COMMON.LOADING')}
          className="account-switches ui-flex ui-column ui-gap-2 ui-bare-list"
        >
          {PREFERENCES.map(({ key }) => (
            <Skeleton key={key} height="1.5rem" />
          ))}
        </div>
      )}
    </SettingsSection>
  );
}

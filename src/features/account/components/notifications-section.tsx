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

/** What reaches my devices as a push, each kind on its own (likes are off until turned on). */
const PUSH_PREFERENCES: readonly { key: NotificationPreferenceKey; label: string }[] = [
  { key: 'pushMessages', label: 'ACCOUNT.PUSH_MESSAGES' },
  { key: 'pushPreviews', label: 'ACCOUNT.PUSH_PREVIEWS' },
  { key: 'pushChat', label: 'ACCOUNT.PUSH_CHAT' },
  { key: 'pushFriendRequests', label: 'ACCOUNT.PUSH_FRIEND_REQUESTS' },
  { key: 'pushComments', label: 'ACCOUNT.PUSH_COMMENTS' },
  { key: 'pushLikes', label: 'ACCOUNT.PUSH_LIKES' },
  { key: 'pushMentions', label: 'ACCOUNT.PUSH_MENTIONS' },
  { key: 'pushCars', label: 'ACCOUNT.PUSH_CARS' },
  { key: 'pushReminders', label: 'ACCOUNT.PUSH_REMINDERS' },
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
        <>
          <ul className="account-switches ui-flex ui-column ui-gap-2 ui-bare-list">
            {PREFERENCES.map(({ key, label }) => (
              <Switch
                key={key}
                label={t(label)}
                checked={preferences.data[key]}
                onChange={(on) => onToggle(key, on)}
              />
            ))}
          </ul>
          <h3 className="account-switches__heading">{t('ACCOUNT.PUSH_KINDS_TITLE')}</h3>
          <p className="account-switches__text">{t('ACCOUNT.PUSH_KINDS_TEXT')}</p>
          <ul className="account-switches ui-flex ui-column ui-gap-2 ui-bare-list">
            {PUSH_PREFERENCES.map(({ key, label }) => (
              <Switch
                key={key}
                label={t(label)}
                checked={preferences.data[key]}
                // A message's line is a detail of its push: off with the messages' switch.
                disabled={key === 'pushPreviews' && !preferences.data.pushMessages}
                onChange={(on) => onToggle(key, on)}
              />
            ))}
          </ul>
        </>
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

function Switch({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <li className="account-switch">
      <label className="account-switch__label ui-flex ui-center ui-between ui-gap-3">
        <span className="account-switch__text">{label}</span>
        <input
          type="checkbox"
          role="switch"
          className="account-switch__input"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
      </label>
    </li>
  );
}

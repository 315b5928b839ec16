import { useEffect, useState } from 'react';
import { errorTextOf, type ErrorText } from '@/lib/http/api-error-catalogue';
import { useT } from '@/lib/i18n';
import { Alert, AlertIcon } from '@/ui';
import {
  devicePushState,
  turnOffDevicePush,
  turnOnDevicePush,
  type DevicePushState,
} from '../push/device-push';
import { SettingsSection } from './settings-section';

/**
 * "Reminders on this device": a reminder that becomes due soon or overdue arrives as a system
 * notification here. The browser asks its permission only when the switch is turned on.
 */
export function ReminderPushSection() {
  const t = useT();
  const [state, setState] = useState<DevicePushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);

  useEffect(() => {
    let live = true;
    devicePushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      setState(await (on ? turnOnDevicePush() : turnOffDevicePush()));
    } catch (error) {
      setFailure(errorTextOf(error));
      setState(await devicePushState().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection title={t('ACCOUNT.PUSH_TITLE')} description={t('ACCOUNT.PUSH_TEXT')}>
      {state === 'unsupported' ? (
        <Alert kind="info">
          <AlertIcon />
          <span>{t('ACCOUNT.PUSH_UNSUPPORTED')}</span>
        </Alert>
      ) : (
        <>
          {state === 'denied' ? (
            <Alert kind="warning">
              <AlertIcon />
              <span>{t('ACCOUNT.PUSH_DENIED')}</span>
            </Alert>
          ) : null}
          {failure ? (
            <Alert kind="error">
              <AlertIcon />
              <span>
                {t('ACCOUNT.PUSH_FAILED')} {'text' in failure ? failure.text : t(failure.key, failure.values)}
              </span>
            </Alert>
          ) : null}
          <ul className="account-switches ui-flex ui-column ui-gap-2 ui-bare-list">
            <li className="account-switch">
              <label className="account-switch__label ui-flex ui-center ui-between ui-gap-3">
                <span className="account-switch__text">{t('ACCOUNT.PUSH_SWITCH')}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className="account-switch__input"
                  checked={state === 'on'}
                  disabled={state === null || state === 'denied' || busy}
                  aria-busy={busy || state === null}
                  onChange={(event) => void toggle(event.target.checked)}
                />
              </label>
            </li>
          </ul>
        </>
      )}
    </SettingsSection>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FormErrorAlert, useFieldMessage, type FieldErrors, type FormError } from '@/features/auth';
import { clearThisDevice } from '@/features/sync';
import { signOutLocally } from '@/lib/auth/sign-out';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { Alert, Button, Modal, PasswordField } from '@/ui';
import { accountFormErrors } from '../account-errors';
import { useDeleteAccount } from '../api/delete-account';

/** How long the notice on the login page stays. */
export const DELETED_NOTICE_MS = 10_000;

/** What the member loses, named in the confirmation. */
const LOST = [
  'ACCOUNT.DELETE_LOST_CARS',
  'ACCOUNT.DELETE_LOST_LOGS',
  'ACCOUNT.DELETE_LOST_REMINDERS',
  'ACCOUNT.DELETE_LOST_POSTS',
  'ACCOUNT.DELETE_LOST_MESSAGES',
  'ACCOUNT.DELETE_LOST_PHOTOS',
] as const;

/**
 * "Delete my account": a confirmation naming what is lost, with the password. Once the server has
 * deleted it, this device is cleared as by a logout and the member lands on the login page.
 */
export function DeleteAccount() {
  const t = useT();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  return (
    <div className="account-data">
      <h3 className="account-data__title">{t('ACCOUNT.DELETE_TITLE')}</h3>
      <p className="account-section__description">{t('ACCOUNT.DELETE_TEXT')}</p>
      {!online ? <Alert kind="info">{t('ACCOUNT.DELETE_OFFLINE')}</Alert> : null}
      <div className="account-form__actions ui-flex ui-wrap ui-end ui-gap-2">
        <Button className="ui-button--danger" disabled={!online} onClick={() => setOpen(true)}>
          {t('ACCOUNT.DELETE_BUTTON')}
        </Button>
      </div>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The confirmation; focus goes back to the button that opened it (Modal). */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const mutation = useDeleteAccount();
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password'>>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = mutation.isPending || leaving;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setErrors({});
    setFormError(null);
    mutation.mutate(password ? { password } : {}, {
      onSuccess: () => {
        setLeaving(true);
        void (async () => {
          // The server has ended every session: forget this one, then clear the device's data.
          signOutLocally();
          try {
            await clearThisDevice();
          } catch (error) {
            console.error('local data could not be cleared', error);
          }
          toast.show({
            kind: 'success',
            message: t('ACCOUNT.DELETED_NOTICE'),
            durationMs: DELETED_NOTICE_MS,
          });
          await navigate({ to: '/login', replace: true });
        })();
      },
      onError: (error) => {
        const { fields, form } = accountFormErrors(error, ['password'] as const);
        setErrors(fields);
        setFormError(form);
      },
    });
  };

  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={textId} onClose={busy ? () => {} : onClose}>
      <h2 id={titleId} className="ui-modal__title">
        {t('ACCOUNT.DELETE_CONFIRM_TITLE')}
      </h2>
      <form className="account-form ui-flex ui-column ui-gap-4" noValidate onSubmit={onSubmit}>
        <div id={textId}>
          <p className="account-data__lost-intro">{t('ACCOUNT.DELETE_CONFIRM_TEXT')}</p>
          <ul className="account-data__lost">
            {LOST.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <p className="account-section__description">{t('ACCOUNT.DELETE_CONFIRM_KEPT')}</p>
        </div>
        <FormErrorAlert error={formError} />
        <PasswordField
          label={t('ACCOUNT.DELETE_PASSWORD')}
          description={t('ACCOUNT.DELETE_PASSWORD_HINT')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (errors.password) setErrors({});
          }}
          error={fieldMessage(errors.password)}
        />
        <div className="account-form__actions ui-flex ui-wrap ui-end ui-gap-2">
          <Button data-autofocus variant="secondary" disabled={busy} onClick={onClose}>
            {t('ACCOUNT.CANCEL')}
          </Button>
          <Button type="submit" className="ui-button--danger" busy={busy}>
            {busy ? t('ACCOUNT.DELETE_BUSY') : t('ACCOUNT.DELETE_CONFIRM_BUTTON')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

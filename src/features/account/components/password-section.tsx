import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { checkPassword, FormErrorAlert, PASSWORD_MAX, PASSWORD_MIN, type FieldErrors } from '@/features/auth';
import { useT } from '@/lib/i18n';
import { Alert, Button, PasswordField } from '@/ui';
import { accountFormErrors } from '../account-errors';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';
import { useAccountForm } from './use-account-form';

type PasswordFormField = 'currentPassword' | 'newPassword' | 'confirmation';
const EMPTY: Record<PasswordFormField, string> = { currentPassword: '', newPassword: '', confirmation: '' };

/** Change the password: the current one, the new one twice. The other devices are signed out. */
export function PasswordSection() {
  const t = useT();
  const mutation = useChangePassword();
  const { form, values, formError, refuse, clearErrors, field, reset } = useAccountForm(EMPTY);
  const [ended, setEnded] = useState<number | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setEnded(null);
    const found: FieldErrors<PasswordFormField> = {};
    if (!values.currentPassword) found.currentPassword = { key: 'VALIDATION.REQUIRED' };
    const rule = checkPassword(values.newPassword);
    if (rule) found.newPassword = rule;
    else if (values.confirmation !== values.newPassword)
      found.confirmation = { key: 'VALIDATION.PASSWORDS_DIFFER' };
    if (Object.keys(found).length) return refuse(found, null);
    clearErrors();
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          reset();
          setEnded(result.sessionsEnded);
        },
        onError: (error) => {
          const { fields, form: message } = accountFormErrors(error, [
            'currentPassword',
            'newPassword',
          ] as const);
          refuse(fields, message);
        },
      },
    );
  };

  return (
    <SettingsSection title={t('ACCOUNT.PASSWORD_TITLE')} description={t('ACCOUNT.PASSWORD_TEXT')}>
      <form ref={form} className="account-form ui-flex ui-column ui-gap-4" noValidate onSubmit={onSubmit}>
        <FormErrorAlert error={formError} />
        {ended !== null ? (
          <Alert kind="success">
            {t('ACCOUNT.PASSWORD_CHANGED')}{' '}
            {ended === 0 ? t('ACCOUNT.SESSIONS_ENDED_NONE') : t('ACCOUNT.SESSIONS_ENDED', { count: ended })}
          </Alert>
        ) : null}
        <PasswordField
          label={t('ACCOUNT.CURRENT_PASSWORD')}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField
          label={t('AUTH.NEW_PASSWORD')}
          autoComplete="new-password"
          description={t('AUTH.PASSWORD_HINT', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          {...field('newPassword')}
        />
        <PasswordField
          label={t('AUTH.CONFIRM_PASSWORD')}
          autoComplete="new-password"
          {...field('confirmation')}
        />
        <div className="account-form__actions ui-flex ui-wrap ui-end ui-gap-2">
          {/* An account made with an outside sign-in has no password: the reset mail sets one. */}
          <Link to="/forgot-password" className="account-form__aside">
            {t('ACCOUNT.PASSWORD_FORGOT')}
          </Link>
          <Button type="submit" busy={mutation.isPending}>
            {mutation.isPending ? t('AUTH.SAVING') : t('ACCOUNT.PASSWORD_SUBMIT')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

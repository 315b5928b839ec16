import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  checkPassword,
  FormErrorAlert,
  PASSWORD_MAX,
  PASSWORD_MIN,
  useFieldMessage,
  type FieldErrors,
  type FormError,
} from '@/features/auth';
import { useT } from '@/lib/i18n';
import { Alert, Button, PasswordField } from '@/ui';
import { accountFormErrors } from '../account-errors';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';
import { useFocusFirstError } from './use-focus-first-error';

type PasswordFormField = 'currentPassword' | 'newPassword' | 'confirmation';
const EMPTY: Record<PasswordFormField, string> = { currentPassword: '', newPassword: '', confirmation: '' };

/** Change the password: the current one, the new one twice. The other devices are signed out. */
export function PasswordSection() {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const mutation = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<PasswordFormField>>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [ended, setEnded] = useState<number | null>(null);
  const { form, focusFirstError } = useFocusFirstError();

  const refuse = (found: FieldErrors<PasswordFormField>, message: FormError | null) => {
    setErrors(found);
    setFormError(message);
    focusFirstError();
  };

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
    setErrors({});
    setFormError(null);
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          setValues(EMPTY);
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

  const field = (name: PasswordFormField) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    error: fieldMessage(errors[name]),
  });

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

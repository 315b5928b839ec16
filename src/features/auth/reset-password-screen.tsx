import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { Alert, Button, PasswordField, Spinner } from '@/ui';
import { useResetPassword } from './api/reset-password';
import { useResetTokenValidity } from './api/validate-reset-token';
import { AuthShell } from './components/auth-shell';
import { FormErrorAlert, useFieldMessage } from './components/form-error';
import { formErrorOf, serverFieldErrors } from './server-errors';
import { checkPassword, PASSWORD_MAX, PASSWORD_MIN, type FieldErrors } from './validation';

type ResetField = 'newPassword' | 'confirmation';

function isInvalidToken(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'INVALID_RESET_TOKEN' || error.status === 400 || error.status === 404)
  );
}

function InvalidLink() {
  const t = useT();
  return (
    <AuthShell title={t('AUTH.RESET_INVALID_TITLE')}>
      <div className="auth__notice ui-flex ui-column ui-gap-4 ui-start">
        <p>{t('AUTH.RESET_INVALID_TEXT')}</p>
        <Link to="/forgot-password">{t('AUTH.REQUEST_NEW_LINK')}</Link>
      </div>
    </AuthShell>
  );
}

export function ResetPasswordScreen({ token }: { token: string }) {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const validity = useResetTokenValidity(token);
  const mutation = useResetPassword();
  const [values, setValues] = useState<Record<ResetField, string>>({ newPassword: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});

  if (
    !token ||
    (validity.isError && isInvalidToken(validity.error)) ||
    (mutation.error instanceof ApiError && mutation.error.code === 'INVALID_RESET_TOKEN')
  ) {
    return <InvalidLink />;
  }
  if (validity.isPending) {
    return (
      <AuthShell title={t('AUTH.RESET_TITLE')}>
        <p className="auth__notice ui-flex ui-column ui-gap-4 ui-start" role="status">
          <Spinner /> {t('AUTH.RESET_CHECKING')}
        </p>
      </AuthShell>
    );
  }
  if (mutation.isSuccess) {
    return (
      <AuthShell title={t('AUTH.RESET_DONE_TITLE')}>
        <div className="auth__notice ui-flex ui-column ui-gap-4 ui-start">
          <Alert kind="success">{t('AUTH.RESET_DONE_TEXT')}</Alert>
          <Link to="/login">{t('AUTH.BACK_TO_LOGIN')}</Link>
        </div>
      </AuthShell>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors<ResetField> = {};
    const password = checkPassword(values.newPassword);
    if (password) found.newPassword = password;
    else if (values.confirmation !== values.newPassword)
      found.confirmation = { key: 'VALIDATION.PASSWORDS_DIFFER' };
    setErrors(found);
    if (Object.keys(found).length === 0) {
      mutation.mutate(
        { token, newPassword: values.newPassword },
        { onError: (error) => setErrors(serverFieldErrors(error, ['newPassword'] as const)) },
      );
    }
  };
  const set = (field: ResetField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  return (
    <AuthShell title={t('AUTH.RESET_TITLE')}>
      <form className="auth__form ui-flex ui-column ui-gap-4" noValidate onSubmit={onSubmit}>
        {/* A network failure of the token check still lets the member try; the submit will tell. */}
        <FormErrorAlert error={mutation.isError ? formErrorOf(mutation.error) : null} />
        <PasswordField
          label={t('AUTH.NEW_PASSWORD')}
          autoComplete="new-password"
          description={t('AUTH.PASSWORD_HINT', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          value={values.newPassword}
          onChange={set('newPassword')}
          error={fieldMessage(errors.newPassword)}
        />
        <PasswordField
          label={t('AUTH.CONFIRM_PASSWORD')}
          autoComplete="new-password"
          value={values.confirmation}
          onChange={set('confirmation')}
          error={fieldMessage(errors.confirmation)}
        />
        <Button type="submit" block busy={mutation.isPending}>
          {mutation.isPending ? t('AUTH.SAVING') : t('AUTH.RESET_BUTTON')}
        </Button>
      </form>
    </AuthShell>
  );
}

import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { session } from '@/lib/auth/session';
import { returningDevice } from '@/lib/auth/session-store';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { PasswordField } from '@/ui/password-field';
import { TextField } from '@/ui/text-field';
import { AuthShell } from './components/auth-shell';
import { afterSignInTarget } from './route-guards';
import { FormErrorAlert, useFieldMessage } from './components/form-error';
import { ProviderButtons } from './components/provider-buttons';
import { formErrorOf, type FormError } from './server-errors';
import { hasErrors, validateLogin, type FieldErrors, type LoginField } from './validation';

export function LoginScreen() {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  // "Welcome back" only on a device that has signed in before; a newcomer is welcomed.
  const [returning] = useState(() => returningDevice.read());

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await session.login({ email: values.email.trim(), password: values.password });
      await navigate({ href: afterSignInTarget(), replace: true });
    } catch (error) {
      setFormError(formErrorOf(error, { 401: 'AUTH.INVALID_CREDENTIALS' }));
      setBusy(false);
    }
  };

  const set = (field: LoginField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  return (
    <AuthShell
      title={returning ? t('AUTH.LOGIN_TITLE') : t('AUTH.LOGIN_TITLE_NEW')}
      subtitle={returning ? t('AUTH.LOGIN_SUBTITLE') : t('AUTH.LOGIN_SUBTITLE_NEW')}
      footer={
        <p>
          {t('AUTH.NO_ACCOUNT')} <Link to="/signup">{t('AUTH.CREATE_ACCOUNT_LINK')}</Link>
        </p>
      }
    >
      <form className="auth__form ui-flex ui-column ui-gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormErrorAlert error={formError} />
        <TextField
          label={t('AUTH.EMAIL')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={set('email')}
          error={fieldMessage(errors.email)}
        />
        <PasswordField
          label={t('AUTH.PASSWORD')}
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={fieldMessage(errors.password)}
        />
        {/* The typed e-mail goes along in the history state, never in the URL (privacy). */}
        <Link to="/forgot-password" state={{ email: values.email.trim() }} className="auth__inline-link">
          {t('AUTH.FORGOT_PASSWORD_LINK')}
        </Link>
        <Button type="submit" block busy={busy}>
          {busy ? t('AUTH.SIGNING_IN') : t('AUTH.LOGIN_BUTTON')}
        </Button>
      </form>
      <ProviderButtons />
    </AuthShell>
  );
}

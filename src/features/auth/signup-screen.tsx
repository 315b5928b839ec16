import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { TERMS_VERSION } from '@/contract/constants';
import { session } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Button, PasswordField, TextField } from '@/ui';
import { AuthShell } from './components/auth-shell';
import { afterSignInTarget } from './route-guards';
import { FormErrorAlert, useFieldMessage } from './components/form-error';
import { formErrorOf, serverFieldErrors, type FormError } from './server-errors';
import {
  hasErrors,
  PASSWORD_MAX,
  PASSWORD_MIN,
  validateSignup,
  type FieldErrors,
  type SignupField,
} from './validation';

const FIELDS = ['email', 'password', 'username', 'firstName', 'lastName', 'city'] as const;
type Values = Record<SignupField, string>;

export function SignupScreen() {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    email: '',
    password: '',
    username: '',
    firstName: '',
    lastName: '',
    city: '',
  });
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  // The terms of use (zero tolerance for abuse) are accepted before the account exists.
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    setFormError(null);
    setTermsError(!acceptTerms);
    if (hasErrors(found) || !acceptTerms) return;
    setBusy(true);
    try {
      const city = values.city.trim();
      await session.signup({
        email: values.email.trim(),
        password: values.password,
        username: values.username.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(city ? { city } : {}),
        acceptedTermsVersion: TERMS_VERSION,
      });
      await navigate({ href: afterSignInTarget(), replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      setFormError(formErrorOf(error, { 409: 'AUTH.ACCOUNT_EXISTS' }));
      setBusy(false);
    }
  };

  const field = (name: SignupField) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: fieldMessage(errors[name]),
  });
  return (
    <AuthShell
      title={t('AUTH.SIGNUP_TITLE')}
      subtitle={t('AUTH.SIGNUP_SUBTITLE')}
      footer={
        <p>
          {t('AUTH.HAVE_ACCOUNT')} <Link to="/login">{t('AUTH.LOGIN_LINK')}</Link>
        </p>
      }
    >
      <form className="auth__form ui-flex ui-column ui-gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormErrorAlert error={formError} />
        <div className="auth__row">
          <TextField label={t('AUTH.FIRST_NAME')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('AUTH.LAST_NAME')} autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField
          label={t('AUTH.USERNAME')}
          autoComplete="username"
          autoCapitalize="none"
          description={t('AUTH.USERNAME_HINT')}
          {...field('username')}
        />
        <TextField
          label={t('AUTH.EMAIL')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...field('email')}
        />
        <PasswordField
          label={t('AUTH.PASSWORD')}
          autoComplete="new-password"
          description={t('AUTH.PASSWORD_HINT', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          {...field('password')}
        />
        <TextField label={t('AUTH.CITY')} optional autoComplete="address-level2" {...field('city')} />
        <div className="auth__terms">
          <label className="auth__check">
            <input
              type="checkbox"
              checked={acceptTerms}
              aria-invalid={termsError || undefined}
              aria-describedby={termsError ? 'signup-terms-error' : undefined}
              onChange={(e) => {
                setAcceptTerms(e.target.checked);
                if (e.target.checked) setTermsError(false);
              }}
            />
            <span>{t('AUTH.ACCEPT_TERMS')}</span>
          </label>{' '}
          <Link to="/legal/$type" params={{ type: 'terms' }} target="_blank">
            {t('AUTH.READ_TERMS')}
          </Link>
          {termsError ? (
            <p id="signup-terms-error" className="auth__terms-error" role="alert">
              {t('AUTH.TERMS_REQUIRED')}
            </p>
          ) : null}
        </div>
        <Button type="submit" block busy={busy}>
          {busy ? t('AUTH.SIGNING_UP') : t('AUTH.SIGNUP_BUTTON')}
        </Button>
      </form>
    </AuthShell>
  );
}

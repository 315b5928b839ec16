import { Link, useRouterState } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useT } from '@/lib/i18n';
import { Alert, Button, TextField } from '@/ui';
import { useForgotPassword } from './api/forgot-password';
import { AuthShell } from './components/auth-shell';
import { FormErrorAlert, useFieldMessage } from './components/form-error';
import { formErrorOf } from './server-errors';
import { checkEmail, type FieldMessage } from './validation';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The e-mail typed on the login screen, handed to the forgot-password screen. */
    email?: string;
  }
}

/** Whatever the e-mail, the same confirmation: the screen never tells whether an account exists. */
export function ForgotPasswordScreen() {
  const t = useT();
  const fieldMessage = useFieldMessage();
  // Pre-filled with what was typed on the login screen (history state, kept out of the URL).
  const typed = useRouterState({ select: (state) => state.location.state.email });
  const [email, setEmail] = useState(() => (typeof typed === 'string' ? typed : ''));
  const [error, setError] = useState<FieldMessage | undefined>();
  const mutation = useForgotPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkEmail(email);
    setError(found);
    if (!found) mutation.mutate({ email: email.trim() });
  };

  if (mutation.isSuccess) {
    return (
      <AuthShell title={t('AUTH.FORGOT_SENT_TITLE')}>
        <div className="auth__notice ui-flex ui-column ui-gap-4 ui-start">
          <Alert kind="success">{t('AUTH.FORGOT_SENT_TEXT')}</Alert>
          <Link to="/login">{t('AUTH.BACK_TO_LOGIN')}</Link>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title={t('AUTH.FORGOT_TITLE')}
      subtitle={t('AUTH.FORGOT_TEXT')}
      footer={<Link to="/login">{t('AUTH.BACK_TO_LOGIN')}</Link>}
    >
      <form className="auth__form ui-flex ui-column ui-gap-4" noValidate onSubmit={onSubmit}>
        <FormErrorAlert error={mutation.isError ? formErrorOf(mutation.error) : null} />
        <TextField
          label={t('AUTH.EMAIL')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldMessage(error)}
        />
        <Button type="submit" block busy={mutation.isPending}>
          {mutation.isPending ? t('AUTH.SENDING') : t('AUTH.FORGOT_BUTTON')}
        </Button>
      </form>
    </AuthShell>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkEmail, FormErrorAlert, type FieldErrors } from '@/features/auth';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Alert, Button, PasswordField, TextField } from '@/ui';
import { accountFormErrors } from '../account-errors';
import { useRequestEmailChange } from '../api/request-email-change';
import { SettingsSection } from './settings-section';
import { useAccountForm } from './use-account-form';

type EmailFormField = 'newEmail' | 'password';
const EMPTY: Record<EmailFormField, string> = { newEmail: '', password: '' };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The e-mail I sign in with, and a way to change it: the new address gets a link, and the change
 * happens when that link is opened. The answer never says whether the address is taken.
 */
export function EmailSection() {
  const t = useT();
  const { user } = useSession();
  const mutation = useRequestEmailChange();
  const [open, setOpen] = useState(false);
  const { form, values, formError, refuse, clearErrors, field, reset } = useAccountForm(EMPTY);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const toggle = useRef<HTMLDivElement>(null);
  const [focusToggle, setFocusToggle] = useState(false);
  const current = user?.email ?? '';

  // The form closed (sent or cancelled): the focus goes back to the button that opened it.
  useEffect(() => {
    if (!open && focusToggle) {
      toggle.current?.querySelector('button')?.focus();
      setFocusToggle(false);
    }
  }, [open, focusToggle]);

  const close = () => {
    setOpen(false);
    reset();
    clearErrors();
    setFocusToggle(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found: FieldErrors<EmailFormField> = {};
    const rule = checkEmail(values.newEmail);
    if (rule) found.newEmail = rule;
    else if (current && sameAddress(values.newEmail, current)) found.newEmail = { key: 'ACCOUNT.EMAIL_SAME' };
    if (!values.password) found.password = { key: 'VALIDATION.REQUIRED' };
    if (Object.keys(found).length) return refuse(found, null);
    const newEmail = values.newEmail.trim();
    clearErrors();
    mutation.mutate(
      { newEmail, password: values.password },
      {
        onSuccess: () => {
          setSentTo(newEmail);
          close();
        },
        onError: (error) => {
          const { fields, form: message } = accountFormErrors(error, ['newEmail', 'password'] as const);
          refuse(fields, message);
        },
      },
    );
  };

  return (
    <SettingsSection title={t('ACCOUNT.EMAIL_TITLE')}>
      <p className="account-email">
        <span className="account-email__caption">{t('ACCOUNT.EMAIL_CURRENT')}</span>
        <strong className="account-email__value">{current}</strong>
      </p>
      {sentTo ? <Alert kind="success">{t('ACCOUNT.EMAIL_SENT', { email: sentTo })}</Alert> : null}
      {open ? (
        <form ref={form} className="account-form ui-flex ui-column ui-gap-4" noValidate onSubmit={onSubmit}>
          <FormErrorAlert error={formError} />
          <TextField
            label={t('ACCOUNT.EMAIL_NEW')}
            // Opened on purpose by the member: the first field takes the focus.
            autoFocus
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...field('newEmail')}
          />
          <PasswordField
            label={t('ACCOUNT.CURRENT_PASSWORD')}
            autoComplete="current-password"
            description={t('ACCOUNT.EMAIL_PASSWORD_HINT')}
            {...field('password')}
          />
          <div className="account-form__actions ui-flex ui-wrap ui-end ui-gap-2">
            <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
              {t('ACCOUNT.CANCEL')}
            </Button>
            <Button type="submit" busy={mutation.isPending}>
              {mutation.isPending ? t('AUTH.SENDING') : t('ACCOUNT.EMAIL_SUBMIT')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="account-form__actions ui-flex ui-wrap ui-end ui-gap-2" ref={toggle}>
          <Button
            variant="secondary"
            onClick={() => {
              setSentTo(null);
              setOpen(true);
            }}
          >
            {t('ACCOUNT.EMAIL_CHANGE')}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}

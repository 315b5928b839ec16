import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AuthShell } from '@/features/auth';
import { ApiError } from '@/lib/http/api-client';
import { errorTextOf } from '@/lib/http/api-error-catalogue';
import { session, useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Alert, AlertIcon, Button, Spinner } from '@/ui';
import { useConfirmEmail } from './api/confirm-email';
import './account.css';

const isInvalidToken = (error: unknown) =>
  error instanceof ApiError && (error.code === 'INVALID_EMAIL_TOKEN' || error.status === 400);

/**
 * The page of the link mailed to a new address (`/confirm-email?token=…`): public, so that it
 * works on any device, signed in or not. It confirms once, as soon as it opens.
 */
export function ConfirmEmailScreen({ token }: { token: string }) {
  const t = useT();
  const { status, user } = useSession();
  const queryClient = useQueryClient();
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    // The token is single-use: one call, even when effects run twice.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  // Signed in here as the member who changed: the header and the settings show the new address.
  const newEmail = confirm.data?.email;
  useEffect(() => {
    const current = session.getState().user;
    if (newEmail && current && current.id === user?.id && current.email !== newEmail) {
      session.setUser({ ...current, email: newEmail });
      // The people feature's copy of my profile (its profileKeys.me()) is out of date too.
      void queryClient.invalidateQueries({ queryKey: ['profile', 'me'] });
    }
  }, [newEmail, user?.id, queryClient]);

  const signedIn = status === 'signedIn';
  const onward = signedIn ? (
    <Link to="/account">{t('ACCOUNT.BACK_TO_SETTINGS')}</Link>
  ) : (
    <Link to="/login">{t('AUTH.BACK_TO_LOGIN')}</Link>
  );

  if (!token || (confirm.isError && isInvalidToken(confirm.error))) {
    return (
      <AuthShell title={t('ACCOUNT.CONFIRM_INVALID_TITLE')}>
        <div className="account-confirm ui-flex ui-column ui-gap-4">
          <Alert kind="error">
            <AlertIcon />
            <span>{t('ERRORS.INVALID_EMAIL_TOKEN')}</span>
          </Alert>
          {onward}
        </div>
      </AuthShell>
    );
  }
  if (confirm.isError) {
    const text = errorTextOf(confirm.error);
    return (
      <AuthShell title={t('ACCOUNT.CONFIRM_TITLE')}>
        <div className="account-confirm ui-flex ui-column ui-gap-4">
          <Alert kind="error">
            <AlertIcon />
            <span>{'text' in text ? text.text : t(text.key, text.values)}</span>
          </Alert>
          <Button onClick={() => confirm.mutate(token)}>{t('ACCOUNT.RETRY')}</Button>
        </div>
      </AuthShell>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthShell title={t('ACCOUNT.CONFIRM_DONE_TITLE')}>
        <div className="account-confirm ui-flex ui-column ui-gap-4">
          <Alert kind="success">{t('ACCOUNT.CONFIRM_DONE_TEXT', { email: confirm.data.email })}</Alert>
          {onward}
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('ACCOUNT.CONFIRM_TITLE')}>
      <p className="account-confirm ui-flex ui-column ui-gap-4" role="status">
        <Spinner /> {t('ACCOUNT.CONFIRM_PENDING')}
      </p>
    </AuthShell>
  );
}

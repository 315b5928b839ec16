import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { session } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Alert, Spinner } from '@/ui';
import { callbackErrorKey, parseCallbackFragment } from './callback-fragment';
import { AuthShell } from './components/auth-shell';
import { afterSignInTarget } from './route-guards';

export function AuthCallbackScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    // Once only: the fragment is wiped below, so a second run (StrictMode) would see no tokens.
    if (handled.current) return;
    handled.current = true;
    const result = parseCallbackFragment(window.location.hash);
    // The tokens must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (result.kind === 'error') {
      setErrorKey(callbackErrorKey(result.code));
      return;
    }
    session
      .completeExternalSignIn(result.token, result.refreshToken)
      .then(() => navigate({ href: afterSignInTarget(), replace: true }))
      .catch(() => setErrorKey('AUTH.CALLBACK_ERROR_GENERIC'));
  }, [navigate]);

  if (errorKey) {
    return (
      <AuthShell title={t('AUTH.CALLBACK_ERROR_TITLE')}>
        <div className="auth__notice ui-flex ui-column ui-gap-4 ui-start">
          <Alert kind="error">{t(errorKey)}</Alert>
          <Link to="/login">{t('AUTH.BACK_TO_LOGIN')}</Link>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('AUTH.CALLBACK_TITLE')}>
      <p className="auth__notice ui-flex ui-column ui-gap-4 ui-start" role="status">
        <Spinner /> {t('COMMON.LOADING')}
      </p>
    </AuthShell>
  );
}

// After sign-up, a short start above the feed: one step, adding the first car, which the member
// may skip. It comes from the sign-up's history state, so a reload or a later visit does not
// show it again once skipped (the skip replaces that state).
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by the sign-up: the feed shows the welcome start. */
    welcome?: boolean;
  }
}

export function WelcomeStart() {
  const t = useT();
  const navigate = useNavigate();
  const { user } = useSession();
  const shown = useRouterState({ select: (s) => s.location.state.welcome === true });
  if (!shown) return null;
  const skip = () => void navigate({ to: '.', replace: true, state: {} });
  return (
    <section className="welcome-start ui-flex ui-column ui-gap-3" aria-labelledby="welcome-start-title">
      <h2 id="welcome-start-title" className="welcome-start__title">
        {user?.firstName ? t('WELCOME.TITLE_NAMED', { name: user.firstName }) : t('WELCOME.TITLE')}
      </h2>
      <p className="welcome-start__text">{t('WELCOME.TEXT')}</p>
      <div className="ui-flex ui-gap-2 welcome-start__actions">
        <Link to="/create-car" replace className="ui-button ui-button--primary">
          {t('WELCOME.ADD_FIRST_CAR')}
        </Link>
        <Button variant="secondary" onClick={skip}>
          {t('WELCOME.SKIP')}
        </Button>
      </div>
    </section>
  );
}

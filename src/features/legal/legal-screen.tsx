import { Link } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session';
import { useGoBack } from '@/lib/navigation/history';
import type { LegalType } from '@/contract/auth';
import { ApiError } from '@/lib/http/api-client';
import { formatDate, useT } from '@/lib/i18n';
import { Alert, Button, Card, LanguageSwitch, Logo, Page, Skeleton } from '@/ui';
import { useLegalDocument } from './api/get-legal-document';
import './legal.css';

const TITLE_KEYS: Record<LegalType, string> = { terms: 'LEGAL.TERMS', privacy: 'LEGAL.PRIVACY' };

/** A legal document: plain paragraphs rendered as text (never as HTML). Reachable signed out. */
export function LegalScreen({ type }: { type: LegalType }) {
  const t = useT();
  const { data, error, isPending } = useLegalDocument(type);
  const { status } = useSession();
  const goBack = useGoBack();
  // Signed out, the way on is the login screen; signed in, back to where the member came from.
  const back =
    status === 'signedIn' ? (
      <Button variant="ghost" size="small" onClick={() => goBack({ previous: true })}>
        {t('COMMON.BACK')}
      </Button>
    ) : (
      <Link to="/login">{t('AUTH.BACK_TO_LOGIN')}</Link>
    );
  return (
    <div className="legal">
      <div className="legal__top ui-flex ui-center ui-between">
        <span className="legal__brand">
          <Logo size={32} />
          <span>{t('APP.NAME')}</span>
        </span>
        <LanguageSwitch />
      </div>
      <Page title={data?.title ?? t(TITLE_KEYS[type])} actions={back}>
        <Card>
          {isPending ? (
            <div
              className="legal__skeleton ui-flex ui-column ui-gap-3"
              role="status"
              aria-label={t('COMMON.LOADING')}
            >
              <Skeleton width="40%" />
              <Skeleton />
              <Skeleton />
              <Skeleton width="80%" />
            </div>
          ) : error ? (
            <Alert kind="error">
              {t(error instanceof ApiError && error.status === 404 ? 'LEGAL.NOT_FOUND' : 'LEGAL.LOAD_FAILED')}
            </Alert>
          ) : (
            <article className="legal__body">
              <p className="legal__updated">
                {t('LEGAL.UPDATED_AT', { date: formatDate(data.updatedAt, { dateStyle: 'long' }) })}
              </p>
              {data.paragraphs.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </article>
          )}
        </Card>
      </Page>
    </div>
  );
}

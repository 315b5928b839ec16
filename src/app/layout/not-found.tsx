import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { EmptyState } from '@/ui/empty-state';
import { Page } from '@/ui/page';

/** The root's not-found screen (unknown path, or a route param that fails to parse). */
export function NotFound() {
  const t = useT();
  return (
    <Page title={t('APP.NAME')}>
      <EmptyState title={t('COMMON.NOT_FOUND')} action={<Link to="/feed">{t('COMMON.GO_HOME')}</Link>} />
    </Page>
  );
}

import { useT } from '@/lib/i18n';
import { EmptyState, Page, ConeIcon } from '@/ui';

/** What a signed-in route shows until its screen is built: its title and a translated notice. */
export function NotBuiltYet({ titleKey }: { titleKey: string }) {
  const t = useT();
  return (
    <Page title={t(titleKey)}>
      <EmptyState
        icon={<ConeIcon />}
        title={t('COMMON.NOT_BUILT_YET')}
        text={t('COMMON.NOT_BUILT_YET_TEXT')}
      />
    </Page>
  );
}

import { useT } from '@/lib/i18n';
import { DeleteAccount } from './delete-account';
import { DownloadData } from './download-data';
import { SettingsSection } from './settings-section';

/** "Your data": download everything I own (GDPR art. 20), delete my account (art. 17). */
export function YourDataSection() {
  const t = useT();
  return (
    <SettingsSection title={t('ACCOUNT.DATA_TITLE')} description={t('ACCOUNT.DATA_TEXT')}>
      <DownloadData />
      <DeleteAccount />
    </SettingsSection>
  );
}

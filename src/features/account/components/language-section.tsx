import { useT } from '@/lib/i18n';
import { LanguageSwitch } from '@/ui';
import { SettingsSection } from './settings-section';

/** The language of the app and of the mails; the switch keeps it on the account too. */
export function LanguageSection() {
  const t = useT();
  return (
    <SettingsSection title={t('ACCOUNT.LANGUAGE_TITLE')} description={t('ACCOUNT.LANGUAGE_TEXT')}>
      <div className="account-language">
        <LanguageSwitch />
      </div>
    </SettingsSection>
  );
}

import { useT } from '@/lib/i18n';
import { Page } from '@/ui';
import { PrivacySection } from '@/features/trust';
import { CalendarSection } from './components/calendar-section';
import { EmailSection } from './components/email-section';
import { LanguageSection } from './components/language-section';
import { NotificationsSection } from './components/notifications-section';
import { PasswordSection } from './components/password-section';
import { ReminderPushSection } from './components/reminder-push-section';
import { YourDataSection } from './components/your-data-section';
import './account.css';

/**
 * Account settings: the e-mail I sign in with, my password, which notifications I get, reminders on this
 * device and in my calendar, and my language. Online only (each change is checked by the server at once).
 */
export function AccountSettingsScreen() {
  const t = useT();
  return (
    <Page title={t('ACCOUNT.TITLE')}>
      <div className="account">
        <EmailSection />
        <PasswordSection />
        <NotificationsSection />
        <PrivacySection />
        <ReminderPushSection />
        <CalendarSection />
        <LanguageSection />
        <YourDataSection />
      </div>
    </Page>
  );
}

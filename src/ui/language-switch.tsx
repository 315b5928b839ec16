import { useId } from 'react';
import { changeLocale, SUPPORTED_LOCALES, useLocale, useT, type Locale } from '@/lib/i18n';

// Each language is named in its own language, whatever the current one.
const LOCALE_LABEL_KEYS: Record<Locale, string> = { 'en-US': 'LOCALE.EN_US', 'fr-FR': 'LOCALE.FR_FR' };

export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <span className="ui-language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('COMMON.LANGUAGE')}
      </label>
      <select
        id={id}
        className="ui-select"
        value={locale}
        onChange={(e) => void changeLocale(e.target.value)}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(LOCALE_LABEL_KEYS[l])}
          </option>
        ))}
      </select>
    </span>
  );
}

import type { SettingsDomain } from '@/contract/constants';
import { useSettingsOptions } from '@/features/garage/data';
import { useT } from '@/lib/i18n';
import { SelectField, type SelectFieldProps, type SelectOption } from './select-field';

/** The label of a settings value (spec §3/§8 key `{DOMAIN}.{key}`), or the key when no label is loaded. */
export function settingsLabel(t: (id: string) => string, domain: SettingsDomain, key: string): string {
  const id = `${domain.toUpperCase()}.${key}`;
  const label = t(id);
  return label === id ? key : label;
}

type Props = Omit<SelectFieldProps, 'options'> & { domain: SettingsDomain; value: string };

/**
 * A select of a settings domain's values with their translated labels. The current value stays
 * listed even when the domain does not (yet) hold it, so an edit never silently changes it.
 */
export function SettingsSelect({ domain, value, ...rest }: Props) {
  const t = useT();
  const loaded = useSettingsOptions(domain);
  const options: SelectOption[] = (loaded ?? []).map((o) => ({
    value: o.key,
    label: o.label === `${domain.toUpperCase()}.${o.key}` ? o.key : o.label,
  }));
  if (value && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: settingsLabel(t, domain, value) });
  }
  return (
    <SelectField {...rest} value={value} options={options} aria-busy={loaded === undefined || undefined} />
  );
}

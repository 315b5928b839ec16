import { useSettingsOptions } from '@/features/garage';
import { useT } from '@/lib/i18n';

/**
 * "Also runs on": the car's other energies beside its main one (LPG and petrol, a plug-in hybrid's
 * petrol and electricity), ticked among the energyType settings. Only with a main energy chosen.
 */
export function OtherEnergies({
  main,
  value,
  onChange,
  error,
}: {
  main: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const t = useT();
  const options = useSettingsOptions('energyType');
  if (!main || !options) return null;
  const others = options.filter((o) => o.key !== main);
  // A ticked energy the settings no longer list stays shown, so an edit never drops it unseen.
  for (const key of value)
    if (key !== main && !others.some((o) => o.key === key)) others.push({ key, label: key });
  if (others.length === 0) return null;
  const order = others.map((o) => o.key);
  const toggle = (key: string, checked: boolean) =>
    onChange(order.filter((k) => (k === key ? checked : value.includes(k))));
  return (
    <fieldset className="car-form__energies" aria-describedby={error ? 'car-form-energies-error' : undefined}>
      <legend>{t('CARS.FORM_OTHER_ENERGIES')}</legend>
      <p className="car-form__hint">{t('CARS.FORM_OTHER_ENERGIES_HINT')}</p>
      <div className="car-form__checks">
        {others.map((o) => (
          <label key={o.key} className="car-form__check">
            <input
              type="checkbox"
              checked={value.includes(o.key)}
              onChange={(event) => toggle(o.key, event.target.checked)}
            />
            <span>{o.label === `ENERGYTYPE.${o.key}` ? o.key : o.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="car-form-energies-error" className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

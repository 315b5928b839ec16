import type { FuelUnit } from '@/contract/maintenance';
import { SelectField } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { TextField } from '@/ui';
import {
  FUEL_UNIT_CHOICES,
  FUEL_UNIT_LABEL_KEYS,
  FUEL_UNIT_SYMBOL_KEYS,
  type FuelAmount,
  type FuelField,
  type FuelFormValues,
  type FuelState,
} from '@/features/maintenance';
import type { FieldMessage } from './log-values';

/**
 * A fill-up's own fields (logs of type fuel): quantity and its unit, price per unit, a full tank,
 * and "missed a previous fill-up". The total paid is the log's cost field; the form fills the third
 * of price, quantity and total from the other two and says which one it computed.
 */
export function FuelFields({
  fuel,
  errors,
  onAmount,
  onChange,
}: {
  fuel: FuelState;
  errors: Partial<Record<FuelField, FieldMessage>>;
  onAmount: (field: Exclude<FuelAmount, 'cost'>, text: string) => void;
  onChange: (patch: Partial<FuelFormValues>) => void;
}) {
  const t = useT();
  const { values, computed } = fuel;
  const symbol = t(FUEL_UNIT_SYMBOL_KEYS[values.unit]);
  const message = (m: FieldMessage | undefined) => (m ? t(m.key, m.values) : undefined);
  return (
    <fieldset className="fuel-fields log-form__wide" data-testid="fuel-fields">
      <legend className="fuel-fields__legend">{t('FUEL.LEGEND')}</legend>
      <div className="fuel-fields__row">
        <TextField
          label={t('FUEL.QUANTITY', { unit: symbol })}
          inputMode="decimal"
          required
          value={values.quantity}
          onChange={(event) => onAmount('quantity', event.target.value)}
          error={message(errors.quantity)}
          description={computed === 'quantity' ? t('FUEL.COMPUTED_QUANTITY') : undefined}
        />
        <SelectField
          label={t('FUEL.UNIT')}
          value={values.unit}
          onChange={(event) => onChange({ unit: event.target.value as FuelUnit })}
          options={FUEL_UNIT_CHOICES.map((unit) => ({ value: unit, label: t(FUEL_UNIT_LABEL_KEYS[unit]) }))}
        />
      </div>
      <TextField
        label={t('FUEL.PRICE_PER_UNIT', { unit: symbol })}
        inputMode="decimal"
        optional
        value={values.pricePerUnit}
        onChange={(event) => onAmount('pricePerUnit', event.target.value)}
        error={message(errors.pricePerUnit)}
        description={computed === 'pricePerUnit' ? t('FUEL.COMPUTED_PRICE') : t('FUEL.THIRD_HINT')}
      />
      <label className="fuel-fields__check ui-flex ui-start ui-gap-2">
        <input
          type="checkbox"
          checked={values.fullTank}
          onChange={(event) => onChange({ fullTank: event.target.checked })}
        />
        <span>
          {t(values.unit === 'kwh' ? 'FUEL.FULL_CHARGE' : 'FUEL.FULL_TANK')}
          <small className="fuel-fields__note">{t('FUEL.FULL_TANK_NOTE')}</small>
        </span>
      </label>
      <label className="fuel-fields__check ui-flex ui-start ui-gap-2">
        <input
          type="checkbox"
          checked={values.missedPrevious}
          onChange={(event) => onChange({ missedPrevious: event.target.checked })}
        />
        <span>
          {t('FUEL.MISSED_PREVIOUS')}
          <small className="fuel-fields__note">{t('FUEL.MISSED_PREVIOUS_NOTE')}</small>
        </span>
      </label>
    </fieldset>
  );
}

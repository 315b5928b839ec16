// A car's average economy in one phrase ("6.4 L/100 km"), from the logs on this device with the
// contract's rule (the economy section's figure): the garage's cards and the car's overview.
import type { Car, CarLog } from '@/contract/garage';
import { formatNumber } from '@/lib/i18n';
import { carEconomy, carEconomyUnit, fuelLogsOf } from './economy-model';
import { economyDecimals, ECONOMY_UNIT_KEYS } from './economy-units';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The average in the car's default unit, or null while it has fewer than one valid segment. */
export function averageEconomyText(
  t: Translate,
  car: Pick<Car, 'energyType' | 'mileageUnit'>,
  logs: readonly CarLog[],
): string | null {
  const unit = carEconomyUnit(car);
  const { average } = carEconomy(fuelLogsOf(logs), car.mileageUnit, unit);
  if (average === null) return null;
  const decimals = economyDecimals(unit);
  return t('ECONOMY.VALUE', {
    value: formatNumber(average, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    unit: t(ECONOMY_UNIT_KEYS[unit]),
  });
}

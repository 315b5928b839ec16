import { lazy, useMemo, useState } from 'react';
import type { EconomyUnit } from '@/contract/maintenance';
import type { LocalCar, LocalCarLog } from '@/features/garage';
import { formatNumber, useT } from '@/lib/i18n';
import { CollapsibleSection } from '@/ui';
import { formatDistance } from '@/lib/i18n/format';
import { carEconomy, carEconomyUnit, carOdometer, economyUnitsFor, fuelLogsOf } from './economy-model';
import { economyDecimals, ECONOMY_UNIT_KEYS } from './economy-units';
import './economy-section.css';

// The charts and the table are a chunk of their own, fetched when the section is opened.
const EconomyPanel = lazy(() => import('./economy-panel'));

/**
 * "Odometer and fuel": a section of the car's page. Its heading line always says the current
 * odometer and the average economy (computed here, from the logs on this device, so a fill-up
 * saved offline shows at once); opening it shows the charts and every segment.
 */
export function EconomySection({ car, logs }: { car: LocalCar; logs: LocalCarLog[] }) {
  const t = useT();
  const fills = useMemo(() => fuelLogsOf(logs), [logs]);
  const fallback = carEconomyUnit(car);
  const units = useMemo(() => economyUnitsFor(fills, fallback), [fills, fallback]);
  const [chosen, setChosen] = useState<EconomyUnit | null>(null);
  const unit = chosen !== null && units.includes(chosen) ? chosen : fallback;
  const economy = useMemo(() => carEconomy(fills, car.mileageUnit, unit), [fills, car.mileageUnit, unit]);
  const current = useMemo(() => carOdometer(logs, car.mileage).current, [logs, car.mileage]);
  const decimals = economyDecimals(unit);

  return (
    <CollapsibleSection
      testId="economy-section"
      title={t('ECONOMY.SECTION')}
      summary={
        <span className="economy-section__summary" data-testid="economy-summary">
          {current === null ? t('ODOMETER.NONE') : formatDistance(current, car.mileageUnit)}
          {economy.average !== null
            ? ` · ${t('ECONOMY.VALUE', {
                value: formatNumber(economy.average, {
                  minimumFractionDigits: decimals,
                  maximumFractionDigits: decimals,
                }),
                unit: t(ECONOMY_UNIT_KEYS[unit]),
              })}`
            : null}
        </span>
      }
      loadingLabel={t('ECONOMY.LOADING')}
      skeletons={['4rem', '8rem']}
    >
      <EconomyPanel car={car} logs={logs} economy={economy} units={units} onUnit={setChosen} />
    </CollapsibleSection>
  );
}

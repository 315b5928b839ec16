import { lazy, useMemo, useState } from 'react';
import type { EconomyUnit } from '@/contract/maintenance';
import type { LocalCar, LocalCarLog } from '@/features/garage';
import { formatNumber, useT } from '@/lib/i18n';
import { CollapsibleSection } from '@/ui';
import { formatDistance } from '@/lib/i18n/format';
import { defaultEconomyUnit } from '@/contract/maintenance';
import {
  carEconomy,
  carEconomyUnit,
  carEnergies,
  carOdometer,
  economyUnitsFor,
  fillsOfEnergy,
  fuelLogsOf,
} from './economy-model';
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
  const allFills = useMemo(() => fuelLogsOf(logs), [logs]);
  // A car of several energies (LPG and petrol, a plug-in hybrid) shows one energy at a time, the
  // main one first: its segments run between full fills of that energy only.
  const energies = carEnergies(car);
  const [chosenEnergy, setEnergy] = useState<string | null>(null);
  const energy =
    energies.length > 1
      ? chosenEnergy && energies.includes(chosenEnergy)
        ? chosenEnergy
        : energies[0]!
      : null;
  const main = energies[0] ?? null;
  const only = useMemo(() => (energy === null ? undefined : { energy, mainEnergy: main }), [energy, main]);
  const fills = useMemo(() => (only ? fillsOfEnergy(allFills, only) : allFills), [allFills, only]);
  const fallback = energy === null ? carEconomyUnit(car) : defaultEconomyUnit(energy, car.mileageUnit);
  const units = useMemo(() => economyUnitsFor(fills, fallback), [fills, fallback]);
  const [chosen, setChosen] = useState<EconomyUnit | null>(null);
  const unit = chosen !== null && units.includes(chosen) ? chosen : fallback;
  const economy = useMemo(
    () => carEconomy(fills, car.mileageUnit, unit, only),
    [fills, car.mileageUnit, unit, only],
  );
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
      <EconomyPanel
        car={car}
        logs={logs}
        economy={economy}
        units={units}
        onUnit={setChosen}
        energies={energies}
        energy={energy}
        onEnergy={setEnergy}
        allFills={allFills}
      />
    </CollapsibleSection>
  );
}

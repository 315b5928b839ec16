import type { ReactNode } from 'react';
import type { Car } from '@/contract/garage';
import type { SettingsDomain } from '@/contract/constants';
import { carEnergies } from '@/contract/maintenance/fuel-economy';
import { settingLabel } from '@/lib/i18n/format';
import type { useT } from '@/lib/i18n';
import { carSubtitle, carTitle } from '@/features/garage';
import { CarPhoto } from './car-photo';

export type CarFact = { label: string; value: string };

const SETTINGS_FIELDS: {
  field: 'energyType' | 'gearboxType' | 'upholsteryMaterial';
  domain: SettingsDomain;
  labelKey: string;
}[] = [
  { field: 'energyType', domain: 'energyType', labelKey: 'CARS.ENERGY' },
  { field: 'gearboxType', domain: 'gearboxType', labelKey: 'CARS.GEARBOX' },
  { field: 'upholsteryMaterial', domain: 'upholsteryMaterial', labelKey: 'CARS.UPHOLSTERY' },
];

/** The year and the settings a car has, with translated labels (each page adds its mileage). */
export function carFacts(t: ReturnType<typeof useT>, car: Car): CarFact[] {
  const rows: CarFact[] = [];
  if (car.year !== null && car.year !== undefined)
    rows.push({ label: t('CARS.YEAR'), value: String(car.year) });
  for (const { field, domain, labelKey } of SETTINGS_FIELDS) {
    const key = car[field];
    if (key) rows.push({ label: t(labelKey), value: settingLabel(t, domain, key) });
    // The energies it also runs on, after its main one (LPG beside petrol, a plug-in's electricity).
    const others = field === 'energyType' ? carEnergies(car).slice(1) : [];
    if (others.length > 0)
      rows.push({
        label: t('CARS.OTHER_ENERGIES'),
        value: others.map((other) => settingLabel(t, 'energyType', other)).join(', '),
      });
  }
  return rows;
}

/**
 * A car's page head, as my garage and the car page show it: photo, name and subtitle (then
 * `names`, what that page adds under them), the facts, the description, then `actions`.
 */
export function CarDetailsFrame({
  car,
  facts,
  names,
  actions,
  children,
}: {
  car: Car;
  facts: CarFact[];
  names: ReactNode;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const title = carTitle(car);
  const subtitle = carSubtitle(car);
  return (
    <section className="car-details" aria-labelledby={`car-${car.id}-title`}>
      <div className="car-details__head">
        <CarPhoto car={car} title={title} />
        <div className="car-details__names">
          <h2 id={`car-${car.id}-title`} className="car-details__title">
            {title}
          </h2>
          {subtitle ? <p className="car-details__subtitle">{subtitle}</p> : null}
          {names}
        </div>
      </div>
      {facts.length ? (
        <dl className="car-details__facts">
          {facts.map((row) => (
            <div key={row.label} className="car-details__fact">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {car.description ? (
        // Sanitised by the server against the editor's allow-list (docs/SECURITY-CHECKS.md "Content").
        <div
          className="rich-text car-details__description"
          dangerouslySetInnerHTML={{ __html: car.description }}
        />
      ) : null}
      <div className="car-details__actions">{actions}</div>
      {children}
    </section>
  );
}

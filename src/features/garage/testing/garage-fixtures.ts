// Test fixtures of the garage forms and the files screen: a fresh local database per test, the
// settings domains the selects list (with labels), and rows shaped like the server's.
import { File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';
import type { SettingsDomain } from '@/contract/constants';
import type { Car, CarLog } from '@/contract/garage';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { addTranslations } from '@/lib/i18n';

let counter = 0;

const SETTINGS: Record<SettingsDomain, Array<[key: string, en: string, fr: string]>> = {
  energyType: [
    ['petrol', 'Petrol', 'Essence'],
    ['diesel', 'Diesel', 'Gazole'],
    ['electric', 'Electric', 'Électrique'],
  ],
  gearboxType: [
    ['manual', 'Manual', 'Manuelle'],
    ['automatic', 'Automatic', 'Automatique'],
  ],
  upholsteryMaterial: [
    ['leather', 'Leather', 'Cuir'],
    ['fabric', 'Fabric', 'Tissu'],
  ],
  mileageUnit: [
    ['km', 'Kilometres', 'Kilomètres'],
    ['mi', 'Miles', 'Miles'],
  ],
  carLogType: [
    ['maintenance', 'Maintenance', 'Entretien'],
    ['repair', 'Repair', 'Réparation'],
    ['fuel', 'Fuel', 'Carburant'],
  ],
  currencyCode: [
    ['EUR', 'Euro', 'Euro'],
    ['USD', 'US dollar', 'Dollar américain'],
    ['GBP', 'Pound sterling', 'Livre sterling'],
  ],
};

/** A database of its own for this test, holding the six settings domains. */
export async function freshGarage(): Promise<void> {
  counter += 1;
  resetLocalDatabaseForTests(`paddock-garage-test-${counter}-${Math.random().toString(36).slice(2)}`);
  for (const [domain, entries] of Object.entries(SETTINGS)) {
    const prefix = domain.toUpperCase();
    addTranslations('en-US', Object.fromEntries(entries.map(([key, en]) => [`${prefix}.${key}`, en])));
    addTranslations('fr-FR', Object.fromEntries(entries.map(([key, , fr]) => [`${prefix}.${key}`, fr])));
    await db.settingsLabels.put({
      domain,
      entries: entries.map(([key, en, fr]) => ({
        key,
        domainId: domain,
        jsonPayload: { 'label_en-US': en, 'label_fr-FR': fr },
      })),
      fetchedAt: Date.now(),
    });
  }
}

export const CAR_ID = '22222222-2222-4222-8222-222222222222';
export const LOG_ID = '33333333-3333-4333-8333-333333333333';

export function makeCar(overrides: Partial<Car> = {}): Car {
  return {
    id: CAR_ID,
    ownerId: '11111111-1111-4111-8111-111111111111',
    make: 'Alpine',
    model: 'A110',
    energyTypes: [],
    vin: null,
    plate: null,
    firstRegistrationDate: null,
    inspectionDueDate: null,
    insuranceDueDate: null,
    year: 2019,
    nickname: 'Bleue',
    energyType: 'petrol',
    gearboxType: 'automatic',
    upholsteryMaterial: 'leather',
    mileage: 42000,
    mileageUnit: 'km',
    description: '<p>Mid-engine <strong>joy</strong></p>',
    image: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A car with only its make, model and year filled in (a fresh id; every optional field empty). */
export function bareCar(overrides: Partial<Car> = {}): Car {
  const at = '2025-01-01T00:00:00.000Z';
  return makeCar({
    id: crypto.randomUUID(),
    ...{ nickname: null, energyType: null, gearboxType: null, upholsteryMaterial: null },
    ...{ mileage: null, description: null, createdAt: at, updatedAt: at },
    ...overrides,
  });
}

export function makeLog(overrides: Partial<CarLog> = {}): CarLog {
  return {
    id: LOG_ID,
    carId: CAR_ID,
    type: 'maintenance',
    title: 'Oil change',
    content: '<p>5W-40</p>',
    location: 'Lyon',
    tags: ['oil', 'service'],
    cost: 120.5,
    currencyCode: 'EUR',
    startDate: '2026-02-01',
    mileage: 41000,
    media: [],
    createdAt: '2026-02-01T09:00:00.000Z',
    updatedAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A maintenance log as the log form saves it (what the data-layer tests write). */
export const logDraft = (carId: string, title = 'Oil change') => ({
  carId,
  type: 'maintenance',
  title,
  startDate: '2026-03-01',
  cost: 89.9,
  currencyCode: 'EUR',
});

export async function putCar(car: Car = makeCar()): Promise<Car> {
  await db.cars.put(car);
  return car;
}

export async function putLog(log: CarLog = makeLog()): Promise<CarLog> {
  await db.carLogs.put(log);
  return log;
}

/** jsdom has no object URLs: each blob gets a readable fake one. */
export function stubObjectUrls(): { created: Blob[]; revoked: string[] } {
  const created: Blob[] = [];
  const revoked: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return `blob:test/${created.length}`;
      },
      revokeObjectURL: (url: string) => void revoked.push(url),
    }),
  );
  return { created, revoked };
}

/**
 * A File claiming `size` bytes without allocating them. Node's File, not jsdom's: jsdom's does not
 * survive structuredClone (jsdom #3363), as a browser's does on its way into IndexedDB.
 */
export function fakeFile(name: string, type: string, size = 2048): File {
  const file = new NodeFile(['x'], name, { type }) as unknown as File;
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

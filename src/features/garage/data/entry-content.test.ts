// The garage's outbox entries in the sync panel: one label per field of a car, a log and a
// reminder (every field of the contract, so a field added there without a label fails here), and a
// refused log's copy onto one of the member's own cars (every field of the log, fuel included).
import { describe, expect, it } from 'vitest';
import { CAR_FIELDS, LOG_FIELDS } from '@/contract/fields';
import { ReminderInput } from '@/contract/maintenance-api';
import enUS from '@/locales/en-US.json';
import frFR from '@/locales/fr-FR.json';
import { GARAGE_KIND_CONTENTS, logCopy } from './entry-content';
import { CAR_FIELD_LABELS, LOG_FIELD_LABELS, REMINDER_FIELD_LABELS } from './field-labels';

const catalogs: Record<string, Record<string, string>> = { 'en-US': enUS, 'fr-FR': frFR };
const shown = (fields: readonly string[]) => fields.filter((field) => !/Id$/.test(field));

describe('the field labels of the garage', () => {
  it.each([
    ['car', CAR_FIELDS, CAR_FIELD_LABELS],
    ['log', LOG_FIELDS, LOG_FIELD_LABELS],
    ['reminder', Object.keys(ReminderInput.properties).filter((key) => key !== 'id'), REMINDER_FIELD_LABELS],
  ] as const)('a %s: every field of the contract has one, in both languages', (_, fields, labels) => {
    expect(Object.keys(labels).sort()).toEqual(shown(fields).sort());
    for (const key of Object.values(labels))
      for (const [locale, catalog] of Object.entries(catalogs))
        expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
  });

  it("a car's papers are among them", () => {
    for (const field of ['vin', 'plate', 'firstRegistrationDate', 'inspectionDueDate', 'insuranceDueDate'])
      expect(CAR_FIELD_LABELS).toHaveProperty(field);
    expect(CAR_FIELD_LABELS.energyTypes).toBe('SYNC.FIELD_ENERGY_TYPES');
  });

  it('each car, log and reminder kind shows its fields by them', () => {
    expect(GARAGE_KIND_CONTENTS['car.update'].fields).toBe(CAR_FIELD_LABELS);
    expect(GARAGE_KIND_CONTENTS['carLog.create'].fields).toBe(LOG_FIELD_LABELS);
    expect(GARAGE_KIND_CONTENTS['reminder.update'].fields).toBe(REMINDER_FIELD_LABELS);
  });
});

const fillUp = {
  id: 'log-1',
  carId: 'lost-car',
  type: 'fuel',
  title: 'Fred fills up',
  content: '<p>Motorway</p>',
  location: 'Aire de Beaune',
  tags: ['motorway'],
  cost: 79.8,
  currencyCode: 'EUR',
  startDate: '2024-06-01',
  mileage: 52000,
  fuel: { quantity: 42, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.9 },
  odometerConfirmed: true,
};

describe('a refused log copied to one of my cars', () => {
  it('copies every field of a new log onto the chosen car, fuel included, without its id', () => {
    const { odometerConfirmed: _confirmed, id: _id, ...fields } = fillUp;
    expect(logCopy(fillUp, undefined, 'my-car')).toEqual({ ...fields, carId: 'my-car' });
  });

  it('an edit (only the changed fields) is completed from the log on this device', () => {
    const row = { ...fillUp, media: [], createdAt: 'x', updatedAt: 'y', authorId: 'me' };
    const copy = logCopy({ title: 'Renamed', fuel: { ...fillUp.fuel, quantity: 40 } }, row, 'my-car');
    expect(copy).toMatchObject({ title: 'Renamed', carId: 'my-car', mileage: 52000, cost: 79.8 });
    expect(copy.fuel).toEqual({ ...fillUp.fuel, quantity: 40 });
    expect(Object.keys(copy)).not.toContain('media');
    expect(Object.keys(copy)).not.toContain('authorId');
  });

  it('only log writes can be copied, and only a log or a reminder loses access with its car', () => {
    expect(GARAGE_KIND_CONTENTS['carLog.update'].copy).toBeDefined();
    expect('copy' in GARAGE_KIND_CONTENTS['reminder.create']).toBe(false);
    expect('accessLost' in GARAGE_KIND_CONTENTS['car.update']).toBe(false);
  });
});

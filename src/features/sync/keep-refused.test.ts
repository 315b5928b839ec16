// A write refused for lost access, kept: the copy carries every field of the log (fuel included)
// onto the chosen car, and the download holds the entry's content; the card names a fill-up's
// quantity with its unit.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/lib/outbox';
import { fuelQuantity, fuelUnitKey, shownFields } from './entry-content';
import { canCopyToCar, entryExport, logCopy } from './keep-refused';

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

function entry(kind: string, json: object): OutboxEntry {
  return {
    id: 'entry-1',
    kind,
    entityId: 'log-1',
    method: 'POST',
    path: '/car-logs',
    body: { type: 'json', json },
    seq: 1,
    createdAt: Date.UTC(2024, 5, 1, 12),
    attempts: 1,
    nextAttemptAt: 0,
    status: 'failed',
    lastStatus: 403,
  };
}

describe('logCopy', () => {
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

  it('only log writes can be copied to a car', () => {
    expect(canCopyToCar({ kind: 'carLog.create' })).toBe(true);
    expect(canCopyToCar({ kind: 'carLog.update' })).toBe(true);
    expect(canCopyToCar({ kind: 'reminder.create' })).toBe(false);
  });
});

describe('entryExport', () => {
  it('is a JSON file of the entry content, named after its kind and day', () => {
    const { name, text } = entryExport(entry('carLog.create', fillUp));
    expect(name).toBe('paddock-carLog-create-2024-06-01.json');
    const parsed = JSON.parse(text) as { kind: string; content: typeof fillUp };
    expect(parsed.kind).toBe('carLog.create');
    expect(parsed.content.fuel).toEqual(fillUp.fuel);
  });
});

describe('a fill-up on the needs-attention card', () => {
  it('shows its quantity and unit', () => {
    expect(fuelQuantity(fillUp.fuel)).toEqual({ quantity: 42, unit: 'l' });
    expect(fuelUnitKey('gal_us')).toBe('FUEL.SYMBOL_GAL_US');
    expect(shownFields(fillUp).map((f) => f.key)).toContain('fuel');
    expect(fuelQuantity({ quantity: Infinity, unit: 'l' })).toBeNull();
  });
});

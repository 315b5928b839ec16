// A write refused for lost access, kept: a copy where its feature registered one (the copy itself:
// src/features/garage/data/entry-content.test.ts), and the download holds the entry's content;
// the card names a fill-up's quantity with its unit.
import { beforeAll, describe, expect, it } from 'vitest';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { registerOutboxHandlers, type OutboxEntry } from '@/lib/outbox';
import { fuelQuantity, fuelUnitKey, shownFields } from './entry-content';
import { canCopy, entryExport } from './keep-refused';

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

describe('canCopy', () => {
  beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));

  it('only the writes whose feature registered a copy (a log) can be copied', () => {
    expect(canCopy({ kind: 'carLog.create' })).toBe(true);
    expect(canCopy({ kind: 'carLog.update' })).toBe(true);
    expect(canCopy({ kind: 'reminder.create' })).toBe(false);
    expect(canCopy({ kind: 'future.kind' })).toBe(false);
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
    expect(shownFields(fillUp, 'carLog.create').map((f) => f.key)).toContain('fuel');
    expect(fuelQuantity({ quantity: Infinity, unit: 'l' })).toBeNull();
  });
});

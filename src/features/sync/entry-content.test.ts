import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { registerOutboxHandlers, type OutboxBody } from '@/lib/outbox';
import {
  accessLost,
  applyEdits,
  editableFields,
  fieldLabelKey,
  kindLabelKey,
  localDay,
  readEntryData,
  rebuildBody,
  refusedFieldKeys,
  settingsDomainOf,
  SHOWN_TEXT_MAX_CHARS,
  shownFields,
  summaryOf,
  truncate,
} from './entry-content';

const receipt = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
const formBody: OutboxBody = {
  type: 'form',
  parts: [
    { name: 'data', value: JSON.stringify({ id: 'l1', carId: 'c1', title: 'Oil change', cost: 89.5 }) },
    { name: 'files', value: receipt, filename: 'receipt.jpg' },
    { name: 'files', blobId: 'b2', filename: 'invoice.pdf' },
  ],
};

describe('before the features register their kinds', () => {
  it('an entry has the generic label, its fields no labels', () => {
    expect(kindLabelKey('car.delete')).toBe('SYNC.KIND_OTHER');
    expect(fieldLabelKey('car.update', 'vin')).toBeUndefined();
  });
});

describe('entry content', () => {
  // Each feature registers its kinds' contents with its handlers, as the signed-in app does.
  let unregister: () => void;
  beforeAll(() => {
    unregister = registerOutboxHandlers(...appOutboxHandlers);
  });
  afterAll(() => unregister());

  it('reads a JSON body and a multipart body (JSON in the "data" part, file names)', () => {
    expect(readEntryData({ type: 'json', json: { make: 'Alpine', model: 'A110' } })).toEqual({
      json: { make: 'Alpine', model: 'A110' },
      files: [],
    });
    expect(readEntryData(formBody)).toEqual({
      json: { id: 'l1', carId: 'c1', title: 'Oil change', cost: 89.5 },
      files: ['receipt.jpg', 'invoice.pdf'],
    });
    expect(readEntryData(undefined)).toEqual({ json: null, files: [] });
    expect(readEntryData({ type: 'form', parts: [{ name: 'data', value: 'not json' }] }).json).toBeNull();
  });

  it("shows known fields in the order of the kind's feature, never ids", () => {
    const json = { id: 'x', carId: 'c', cost: 12, title: 'Tyres', extra: 'yes', tags: ['a'] };
    expect(shownFields(json, 'carLog.create').map((f) => f.key)).toEqual(['title', 'cost', 'tags', 'extra']);
    const car = { id: 'c', vin: 'VF1AB000123456789', make: 'Alpine', plate: 'AB-123-CD', model: 'A110' };
    expect(shownFields(car, 'car.update').map((f) => f.key)).toEqual(['make', 'model', 'vin', 'plate']);
    // A kind no feature registered (a newer version's): its fields as they come.
    expect(shownFields(json, 'future.kind').map((f) => f.key)).toEqual(['cost', 'title', 'extra', 'tags']);
  });

  it("labels a field by its kind's feature: a car's VIN, a profile's bio, none for an unknown kind", () => {
    expect(fieldLabelKey('car.update', 'vin')).toBe('CAR_PAPERS.VIN');
    expect(fieldLabelKey('carLog.create', 'fuel')).toBe('SYNC.FIELD_FUEL');
    expect(fieldLabelKey('profile.update', 'bio')).toBe('SYNC.FIELD_BIO');
    expect(fieldLabelKey('carLog.create', 'bio')).toBeUndefined();
    expect(fieldLabelKey('future.kind', 'title')).toBeUndefined();
    expect(refusedFieldKeys('car.update', ['body.vin', '/plate', 'unknown'])).toEqual([
      'CAR_PAPERS.VIN',
      'CAR_PAPERS.PLATE',
    ]);
    expect(settingsDomainOf('type', 'carLog.update')).toBe('carLogType');
    expect(settingsDomainOf('energyTypes', 'car.create')).toBe('energyType');
    expect(settingsDomainOf('type', 'post.create')).toBeNull();
  });

  it('edits strings and numbers, not ids nor rich text', () => {
    const json = {
      id: 'l1',
      carId: 'c1',
      title: 'Oil',
      cost: 10,
      content: '<p>hi</p>',
      tags: ['x'],
      mileage: null,
    };
    expect(editableFields(json, 'carLog.update')).toEqual([
      { key: 'title', type: 'string', value: 'Oil' },
      { key: 'cost', type: 'number', value: '10' },
    ]);
  });

  it('puts edited values back in their types and points at unreadable numbers', () => {
    const json = { id: 'l1', title: 'Oil', cost: 10 };
    const fields = editableFields(json, 'carLog.update');
    expect(applyEdits(json, fields, { title: 'Oil and filter', cost: '12,5' })).toEqual({
      json: { id: 'l1', title: 'Oil and filter', cost: 12.5 },
    });
    expect(applyEdits(json, fields, { title: 'Oil', cost: '' })).toEqual({
      json: { id: 'l1', title: 'Oil', cost: null },
    });
    expect(applyEdits(json, fields, { title: 'Oil', cost: 'ten' })).toEqual({ invalid: ['cost'] });
  });

  it('rebuilds a multipart body with its files and a JSON body as JSON', () => {
    const rebuilt = rebuildBody(formBody, { id: 'l1', carId: 'c1', title: 'New', cost: 1 });
    expect(rebuilt.type).toBe('form');
    const parts = rebuilt.type === 'form' ? rebuilt.parts : [];
    expect(parts).toHaveLength(3);
    expect(parts[0]).toEqual({
      name: 'data',
      value: JSON.stringify({ id: 'l1', carId: 'c1', title: 'New', cost: 1 }),
    });
    expect(parts[1]).toEqual({ name: 'files', value: receipt, filename: 'receipt.jpg' });
    expect((parts[1] as { value: Blob }).value).toBe(receipt);
    expect(parts[2]).toEqual({ name: 'files', blobId: 'b2', filename: 'invoice.pdf' });
    expect(rebuildBody({ type: 'json', json: {} }, { a: 1 })).toEqual({ type: 'json', json: { a: 1 } });
  });

  it('names the kinds the features register with their handlers and falls back to a generic label', () => {
    expect(kindLabelKey('carLog.create')).toBe('SYNC.KIND_CARLOG_CREATE');
    expect(kindLabelKey('car.delete')).toBe('SYNC.KIND_CAR_DELETE');
    expect(kindLabelKey('post.like')).toBe('SYNC.KIND_POST_LIKE');
    expect(kindLabelKey('future.kind')).toBe('SYNC.KIND_OTHER');
  });

  it('summarises an entry by title, or make and model', () => {
    expect(summaryOf({ title: 'Oil', make: 'Alpine' }, 'carLog.create')).toBe('Oil');
    expect(summaryOf({ make: 'Alpine', model: 'A110' }, 'car.create')).toBe('Alpine A110');
    expect(summaryOf({ nickname: 'Berlinette' }, 'car.update')).toBe('Berlinette');
    expect(summaryOf({}, 'car.create')).toBeUndefined();
  });

  it('reads a calendar day in local time and cuts long texts at 240 characters', () => {
    const day = localDay('2024-03-05');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate()]).toEqual([2024, 2, 5]);
    expect(localDay('05/03/2024')).toBeNull();
    expect(SHOWN_TEXT_MAX_CHARS).toBe(240);
    expect(truncate('a'.repeat(300))).toHaveLength(240);
    expect(truncate('short')).toBe('short');
  });
});

describe('a shared car out of reach', () => {
  let unregister: () => void;
  beforeAll(() => {
    unregister = registerOutboxHandlers(...appOutboxHandlers);
  });
  afterAll(() => unregister());

  it("says so for a car's log or reminder refused 403, or a new one 404", () => {
    expect(accessLost({ kind: 'carLog.create', lastStatus: 403 })).toBe(true);
    expect(accessLost({ kind: 'carLog.update', lastStatus: 403 })).toBe(true);
    expect(accessLost({ kind: 'carLog.create', lastStatus: 404 })).toBe(true);
    expect(accessLost({ kind: 'reminder.create', lastStatus: 404 })).toBe(true);
    // An edit of an entry deleted elsewhere keeps its own card; other writes their own reasons.
    expect(accessLost({ kind: 'carLog.update', lastStatus: 404 })).toBe(false);
    expect(accessLost({ kind: 'carLog.create', lastStatus: 400 })).toBe(false);
    expect(accessLost({ kind: 'post.create', lastStatus: 403 })).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTINGS_DOMAINS } from '../../src/contract/settings';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1.0/settings?${query}` });

describe('GET /settings', () => {
  test.each(SETTINGS_DOMAINS)('%s is seeded with labels in both locales', async (domainId) => {
    const res = await get(`domainId=${domainId}&limit=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.meta.total).toBe(body.data.length);
    for (const entry of body.data) {
      expect(entry.domainId).toBe(domainId);
      expect(entry.jsonPayload['label_en-US']).toEqual(expect.any(String));
      expect(entry.jsonPayload['label_fr-FR']).toEqual(expect.any(String));
    }
  });

  test('the garage domains hold what a car club expects', async () => {
    const keys = async (domainId: string) =>
      (await get(`domainId=${domainId}&limit=100`)).json().data.map((e: { key: string }) => e.key);
    expect(await keys('carLogType')).toEqual(
      expect.arrayContaining([
        'maintenance',
        'repair',
        'fuel',
        'modification',
        'inspection',
        'insurance',
        'tax',
        'cleaning',
        'event',
        'other',
      ]),
    );
    expect(await keys('mileageUnit')).toEqual(['km', 'mi']);
    expect(await keys('currencyCode')).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP']));
  });

  test('key narrows to one entry, with its description', async () => {
    const res = await get('domainId=carLogType&key=fuel');
    expect(res.json().data).toEqual([
      {
        key: 'fuel',
        domainId: 'carLogType',
        jsonPayload: {
          'label_en-US': 'Fuel',
          'label_fr-FR': 'Carburant',
          'description_en-US': 'A fill-up or a charge',
          'description_fr-FR': 'Un plein ou une recharge',
        },
      },
    ]);
  });

  test('limit defaults to 20 and offset pages', async () => {
    const first = (await get('domainId=currencyCode')).json();
    expect(first.data).toHaveLength(20);
    expect(first.meta).toMatchObject({ limit: 20, offset: 0 });
    const second = (await get('domainId=currencyCode&offset=20')).json();
    expect(second.data[0].key).not.toBe(first.data[0].key);
    expect(first.meta.total).toBe(20 + second.data.length);
  });

  test('unknown domain, missing domain and a limit over 100 are refused', async () => {
    for (const query of ['domainId=colour', '', 'domainId=carLogType&limit=101']) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  test('search strings are data, not SQL', async () => {
    const res = await get(`domainId=carLogType&key=${encodeURIComponent("fuel' OR '1'='1")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

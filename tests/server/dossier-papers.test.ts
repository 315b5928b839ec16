// The dossier a buyer trusts (docs/SPEC-NOTES.md "A car's home"): the VIN, the plate only when the
// owner chooses to show it (`showPlate` on the PDF and on a public link), the first registration,
// the odometer timeline (each reading with its date) and each receipt captioned with its log's date,
// title and reading; the public profile and feed never show VIN nor plate. Real server, real SQLite.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car } from '../../src/contract/garage';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, send } from './media-fixtures';
import { pdfText, receiptPdf } from './dossier-fixtures';
import { befriend, type Person } from './people-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const VIN = 'VF1AB000123456789';
const PLATE = 'AB-123-CD';

async function carWithPapers(): Promise<Car> {
  const car = await createCar(t.app, ann, {
    nickname: 'Dossier',
    mileage: null,
    vin: VIN.toLowerCase(),
    plate: PLATE,
    firstRegistrationDate: '2015-04-20',
  });
  await createLog(t.app, ann, car.id, { title: 'Oil change', startDate: '2023-01-10', mileage: 10_000 });
  const res = await send(
    t.app,
    ann,
    'POST',
    '/car-logs/with-media',
    form(
      {
        data: JSON.stringify({
          carId: car.id,
          type: 'inspection',
          title: 'Roadworthiness test',
          tags: [],
          startDate: '2024-02-01',
          mileage: 21_500,
        }),
      },
      [
        { name: 'media', bytes: await jpeg(200, 150), filename: 'a.jpg' },
        { name: 'media', bytes: await receiptPdf(1), filename: 'invoice.pdf', type: 'application/pdf' },
      ],
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return car;
}

const get = (url: string, who: Member | null = ann) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who?.headers ?? {}), 'accept-language': 'en-US' } });

const link = async (carId: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/cars/${carId}/history-links`,
    headers: ann.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { url } = res.json<{ data: { url: string } }>().data;
  return new URL(url).pathname.split('/').pop()!;
};

describe('the PDF', () => {
  test('shows the VIN, the first registration, the timeline and captioned receipts; no plate', async () => {
    const car = await carWithPapers();
    const res = await get(`${API}/cars/${car.id}/history.pdf`);
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain(`VIN: ${VIN}`);
    expect(text).toContain('First registration: Apr 20, 2015');
    expect(text).not.toContain(PLATE);
    expect(text).toContain('Odometer readings');
    expect(text).toMatch(/Jan 10, 2023\s+10,000 km/);
    expect(text).toMatch(/Feb 1, 2024\s+21,500 km/);
    // The photo's and the PDF receipt's captions: the log's title, date and reading.
    expect(text.split('Receipt: Roadworthiness test (Feb 1, 2024, 21,500 km)').length - 1).toBe(2);
  });

  test('with showPlate=true the plate is shown', async () => {
    const car = await carWithPapers();
    const { text } = await pdfText(
      (await get(`${API}/cars/${car.id}/history.pdf?showPlate=true`)).rawPayload,
    );
    expect(text).toContain(`Registration plate: ${PLATE}`);
  });
});

describe('a public link', () => {
  test('shows the VIN and never the plate unless the owner chose it', async () => {
    const car = await carWithPapers();
    const hidden = await link(car.id, { hide: [] });
    const page = await get(`/history/${hidden}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(VIN);
    expect(page.body).not.toContain(PLATE);
    expect(page.body).toContain('Feb 1, 2024 · 21,500 km');
    expect(page.body).toContain('Receipt: Roadworthiness test (Feb 1, 2024, 21,500 km)');
    const pdf = await pdfText((await get(`${API}/history/${hidden}.pdf`, null)).rawPayload);
    expect(pdf.text).not.toContain(PLATE);

    const shown = await link(car.id, { hide: [], showPlate: true });
    expect((await get(`/history/${shown}`, null)).body).toContain(PLATE);
    expect((await pdfText((await get(`${API}/history/${shown}.pdf`, null)).rawPayload)).text).toContain(
      PLATE,
    );

    const list = await get(`${API}/cars/${car.id}/history-links`);
    expect(list.json<{ data: { showPlate: boolean }[] }>().data.map((l) => l.showPlate)).toEqual([
      true,
      false,
    ]);
  });

  test('a stranger cannot make or list a car’s links (404), whatever showPlate says', async () => {
    const car = await carWithPapers();
    const stranger = await member(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: `${API}/cars/${car.id}/history-links`,
      headers: stranger.headers,
      payload: { hide: [], showPlate: true },
    });
    expect(made.statusCode).toBe(404);
    expect((await get(`${API}/cars/${car.id}/history.pdf?showPlate=true`, stranger)).statusCode).toBe(404);
  });
});

describe('the public profile and feed', () => {
  test('a friend sees the car, never its VIN nor its plate', async () => {
    const car = await carWithPapers();
    const friend = await member(t.app);
    await befriend(t.app, friend as Person, ann as Person);
    for (const url of [
      `${API}/cars/${car.id}`,
      `${API}/cars/feed?ownerId=${ann.id}`,
      `${API}/cars/feed`,
      `${API}/users/${ann.id}`,
      `${API}/posts/feed`,
    ]) {
      const res = await get(url, friend);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.body).not.toContain(VIN);
      expect(res.body).not.toContain(PLATE);
    }
  });
});

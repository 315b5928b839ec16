// The resale dossier: GET /cars/:id/history.pdf (a valid PDF with the car's name, every
// log's title, the receipts' pages, hidden fields absent) and the public read-only links (signed
// out, noindex, 404 once revoked, owner only).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, png, send } from './media-fixtures';
import { pdfText, receiptPdf } from './dossier-fixtures';
import { PUBLIC_PAGE_PER_MINUTE, PUBLIC_PDF_PER_MINUTE } from '../../server/src/dossier/dossier-routes';

let t: TestApp;
let ann: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

const COST = 4321.98;
const LOCATION = 'Garage Zéphyrin';
const NOTE = 'Courroie changée à temps';

/** A car with three logs, one of them with two photos and a 3-page PDF receipt. */
async function carWithHistory(who: Member) {
  const car = await createCar(t.app, who, { nickname: 'Berlinette Ève', mileage: null });
  await createLog(t.app, who, car.id, { title: 'Vidange hiver', startDate: '2023-01-10', mileage: 10_000 });
  await createLog(t.app, who, car.id, {
    type: 'repair',
    title: 'Distribution complète',
    startDate: '2024-05-02',
    mileage: 25_000,
    cost: COST,
    location: LOCATION,
    content: `<p>${NOTE}</p>`,
  });
  const body = form(
    {
      data: JSON.stringify({
        carId: car.id,
        type: 'inspection',
        title: 'Contrôle technique — ő test',
        tags: [],
        cost: 78,
        currencyCode: 'EUR',
        startDate: '2025-02-01',
        mileage: 31_000,
        location: null,
        content: null,
      }),
    },
    [
      { name: 'media', bytes: await jpeg(800, 600), filename: 'a.jpg' },
      { name: 'media', bytes: await png(40, 30), filename: 'b.png' },
      { name: 'media', bytes: await receiptPdf(3), filename: 'invoice.pdf', type: 'application/pdf' },
    ],
  );
  const res = await send(t.app, who, 'POST', '/car-logs/with-media', body);
  expect(res.statusCode, res.body).toBe(201);
  return car;
}

const getPdf = (who: Member | null, url: string, language = 'fr-FR') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(who?.headers ?? {}), 'accept-language': language },
  });

describe('GET /cars/:id/history.pdf', () => {
  test('a valid PDF with the car, every log in date order, totals and the receipts as pages', async () => {
    const car = await carWithHistory(ann);
    const plain = await createCar(t.app, ann, { nickname: 'Empty', mileage: null });
    await createLog(t.app, ann, plain.id, {
      title: 'Vidange hiver',
      startDate: '2023-01-10',
      mileage: 10_000,
    });

    const res = await getPdf(ann, `${API}/cars/${car.id}/history.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Berlinette_Eve-history\.pdf"/);
    const { pages, text } = await pdfText(res.rawPayload);
    expect(text).toContain('Berlinette Ève');
    expect(text).toContain('Alpine A110 1973');
    for (const title of ['Vidange hiver', 'Distribution complète', 'Contrôle technique'])
      expect(text).toContain(title);
    // Dates in order, labels translated, French money and the character outside WinAnsi replaced.
    expect(text.indexOf('Vidange hiver')).toBeLessThan(text.indexOf('Distribution complète'));
    expect(text).toContain('Réparation');
    expect(text).toMatch(/4 321,98 €/);
    expect(text).toContain('o test');
    expect(text).toContain(LOCATION);
    expect(text).toContain(NOTE);
    expect(text).toContain('Totaux par type');
    // Receipts: the 3-page PDF adds 3 pages, the two photos one page (two a page).
    const base = await getPdf(ann, `${API}/cars/${plain.id}/history.pdf`);
    const basePages = (await pdfText(base.rawPayload)).pages;
    expect(basePages).toBe(1);
    expect(pages).toBe(1 + 1 + 3);
    expect(text).toContain('Invoice page 3');
  });

  test('hidden fields are absent; English on request', async () => {
    const car = await carWithHistory(ann);
    const res = await getPdf(ann, `${API}/cars/${car.id}/history.pdf?hide=cost,location,notes`, 'en-US');
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Distribution complète');
    expect(text).toContain('Repair');
    expect(text).not.toMatch(/4[ ,.]?321/);
    expect(text).not.toContain(LOCATION);
    expect(text).not.toContain(NOTE);
    expect(text).not.toContain('Totals by type');
  });

  test("unknown hide values 400; another member's car 404; signed out 401", async () => {
    const car = await createCar(t.app, ann);
    expect((await getPdf(ann, `${API}/cars/${car.id}/history.pdf?hide=cost,vin`)).statusCode).toBe(400);
    expect((await getPdf(bob, `${API}/cars/${car.id}/history.pdf`)).statusCode).toBe(404);
    expect((await getPdf(null, `${API}/cars/${car.id}/history.pdf`)).statusCode).toBe(401);
  });
});

describe('public history links', () => {
  const create = (who: Member, carId: string, hide: string[]) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/cars/${carId}/history-links`,
      headers: who.headers,
      payload: { hide },
    });

  test('works signed out, noindex, shows what the dossier shows, 404 once revoked', async () => {
    const car = await carWithHistory(ann);
    const res = await create(ann, car.id, ['cost', 'notes']);
    expect(res.statusCode, res.body).toBe(201);
    const { id, url } = res.json<{ data: { id: string; url: string } }>().data;
    const token = new URL(url).pathname.split('/').pop()!;
    expect(url).toBe(`http://localhost:3000/history/${token}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Stored hashed: the token is nowhere in the table.
    const rows = await t.app.db.kysely.selectFrom('history_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    const page = await t.app.inject({
      method: 'GET',
      url: `/history/${token}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('Distribution complète');
    expect(page.body).toContain(LOCATION.replace('é', 'é'));
    expect(page.body).not.toContain('4 321');
    expect(page.body).not.toContain(NOTE);
    // Costs hidden: so are the receipts (see the test below); the PDF through the token.
    const pdf = await getPdf(null, `${API}/history/${token}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['x-robots-tag']).toMatch(/noindex/);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Distribution complète');
    expect(text).not.toContain(NOTE);

    // Listed for the owner, with the same URL.
    const list = await t.app.inject({
      method: 'GET',
      url: `${API}/cars/${car.id}/history-links`,
      headers: ann.headers,
    });
    expect(list.json<{ data: { id: string; url: string; hide: string[] }[] }>().data).toEqual([
      expect.objectContaining({ id, url, hide: ['cost', 'notes'] }),
    ]);

    // Revoked: page, PDF and photos are gone at once.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/history-links/${id}`, headers: ann.headers }))
        .statusCode,
    ).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/history/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('noindex');
    expect((await getPdf(null, `${API}/history/${token}.pdf`)).statusCode).toBe(404);
  });

  /** The files of the car's logs (two photos and a PDF receipt). */
  const logFilesOf = async (carId: string) =>
    (
      await t.app.db.kysely
        .selectFrom('car_log_media')
        .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
        .select('car_log_media.media_id')
        .where('car_logs.car_id', '=', carId)
        .execute()
    ).map((r) => r.media_id);

  test('receipts are costs: costs hidden, no photo nor receipt in the page, the PDF or the media route', async () => {
    const car = await carWithHistory(ann);
    const files = await logFilesOf(car.id);
    expect(files).toHaveLength(3);
    const tokenOf = async (hide: string[]) => {
      const res = await create(ann, car.id, hide);
      expect(res.statusCode, res.body).toBe(201);
      return new URL(res.json<{ data: { url: string } }>().data.url).pathname.split('/').pop()!;
    };
    const media = (token: string, id: string) =>
      t.app.inject({ method: 'GET', url: `${API}/history/${token}/media/${id}` });

    for (const hide of [['cost'], ['cost', 'location', 'notes']]) {
      const token = await tokenOf(hide);
      const page = await t.app.inject({
        method: 'GET',
        url: `/history/${token}`,
        headers: { 'accept-language': 'en' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('/media/');
      expect(page.body).not.toContain('Receipts');
      for (const id of files) expect((await media(token, id)).statusCode, `${hide} ${id}`).toBe(404);
      const pdf = await getPdf(null, `${API}/history/${token}.pdf`, 'en-US');
      expect(pdf.statusCode).toBe(200);
      const { pages, text } = await pdfText(pdf.rawPayload);
      // The receipts' pages (two photos, three PDF pages) are not in it.
      expect(pages).toBe(1);
      expect(text).not.toContain('Invoice page');
      // The owner's own PDF with costs hidden: the same rule.
      const own = await getPdf(ann, `${API}/cars/${car.id}/history.pdf?hide=${hide.join(',')}`, 'en-US');
      expect((await pdfText(own.rawPayload)).pages).toBe(1);
    }

    // Costs shown (other fields hidden): the photos and the receipt are there and served.
    const token = await tokenOf(['notes', 'location']);
    const page = await t.app.inject({ method: 'GET', url: `/history/${token}` });
    const img = /<img loading="lazy" src="([^"]+)"/.exec(page.body)![1]!;
    const photo = await t.app.inject({ method: 'GET', url: img });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    for (const id of files) expect((await media(token, id)).statusCode, id).toBe(200);
  });

  test("another member's car cannot get a link, nor list nor delete them; a wrong token 404", async () => {
    const car = await createCar(t.app, ann);
    expect((await create(bob, car.id, [])).statusCode).toBe(404);
    expect((await create(ann, car.id, ['price'])).statusCode).toBe(400);
    const { id } = (await create(ann, car.id, [])).json<{ data: { id: string } }>().data;
    const list = await t.app.inject({
      method: 'GET',
      url: `${API}/cars/${car.id}/history-links`,
      headers: bob.headers,
    });
    expect(list.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${API}/history-links/${id}`,
      headers: bob.headers,
    });
    expect(del.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/history/${'x'.repeat(43)}` })).statusCode).toBe(404);
  });

  test('a photo of another car is not served through a link', async () => {
    const mine = await carWithHistory(ann);
    const other = await createCar(t.app, ann);
    const { url } = (await create(ann, other.id, [])).json<{ data: { url: string } }>().data;
    const token = url.split('/').pop()!;
    const files = await t.app.inject({
      method: 'GET',
      url: `${API}/cars/${mine.id}/history-links`,
      headers: ann.headers,
    });
    expect(files.statusCode).toBe(200);
    const media = await t.app.db.kysely
      .selectFrom('media')
      .select('id')
      .where('owner_id', '=', ann.id)
      .execute();
    for (const m of media)
      expect(
        (await t.app.inject({ method: 'GET', url: `${API}/history/${token}/media/${m.id}` })).statusCode,
      ).toBe(404);
  });

  test('deleting the car deletes its links', async () => {
    const car = await createCar(t.app, ann);
    await create(ann, car.id, []);
    await t.app.inject({ method: 'DELETE', url: `${API}/cars/${car.id}`, headers: ann.headers });
    const rows = await t.app.db.kysely
      .selectFrom('history_links')
      .select('id')
      .where('car_id', '=', car.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

test('the dossier routes are in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  for (const [p, method] of [
    [`${API}/cars/{id}/history.pdf`, 'get'],
    [`${API}/cars/{id}/history-links`, 'post'],
    [`${API}/cars/{id}/history-links`, 'get'],
    [`${API}/history-links/{id}`, 'delete'],
    [`${API}/history/{token}.pdf`, 'get'],
    [`${API}/history/{token}/media/{mediaId}`, 'get'],
  ] as const)
    expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
});

test('the public routes are rate-limited per address: the PDF 10, the page 60 a minute', async () => {
  expect([PUBLIC_PDF_PER_MINUTE, PUBLIC_PAGE_PER_MINUTE]).toEqual([10, 60]);
  const own = await createTestApp();
  try {
    const token = 'y'.repeat(43);
    const pdf = () =>
      own.app.inject({ method: 'GET', url: `${API}/history/${token}.pdf`, remoteAddress: '203.0.113.7' });
    for (let i = 0; i < PUBLIC_PDF_PER_MINUTE; i++) expect((await pdf()).statusCode).toBe(404);
    expect((await pdf()).statusCode).toBe(429);
    const page = () =>
      own.app.inject({ method: 'GET', url: `/history/${token}`, remoteAddress: '203.0.113.8' });
    for (let i = 0; i < PUBLIC_PAGE_PER_MINUTE; i++) expect((await page()).statusCode).toBe(404);
    expect((await page()).statusCode).toBe(429);
  } finally {
    await own.close();
  }
});

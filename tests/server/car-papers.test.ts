// A car's papers over HTTP on a real database (docs/SPEC-NOTES.md "A car's home"): the registration
// certificate, insurance card and inspection report as photos or PDFs attached to the car, read by
// its owner and members only (checked at every read: a removed member reads nothing more), added and
// removed by the owner, never public; the files go through the upload checks (EXIF stripped).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CarPaper } from '../../src/contract/car-papers';
import type { Car } from '../../src/contract/garage';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, listFiles, PDF, send, stored, SVG } from './media-fixtures';
import { befriend, caller, person, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: Person;
let member: Person;
let friend: Person;
let stranger: Person;
let carId: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [owner, member, friend, stranger] = await Promise.all([
    person(t.app, { firstName: 'Olive' }),
    person(t.app, { firstName: 'Mia' }),
    person(t.app, { firstName: 'Fred' }),
    person(t.app, { firstName: 'Sam' }),
  ]);
  await befriend(t.app, owner, member);
  await befriend(t.app, owner, friend);
  const car = await call('POST', '/cars', owner, { make: 'Renault', model: 'Clio' });
  expect(car.statusCode, car.body).toBe(201);
  carId = car.json<{ data: Car }>().data.id;
  const invited = await call('POST', `/cars/${carId}/members`, owner, { userId: member.id, role: 'viewer' });
  expect(invited.statusCode, invited.body).toBe(201);
  expect((await call('PUT', `/car-invites/${carId}`, member, { action: 'accept' })).statusCode).toBe(200);
});
afterAll(async () => t.close());

const upload = async (
  who: Person,
  fields: Record<string, string>,
  bytes: Buffer,
  filename: string,
  type: string,
  car = carId,
) => send(t.app, who, 'POST', `/cars/${car}/papers`, form(fields, [{ name: 'file', bytes, filename, type }]));

const papersOf = async (who: Person, car = carId) => call('GET', `/cars/${car}/papers`, who);

describe('papers of a car', () => {
  let registration: CarPaper;
  let insurance: CarPaper;

  test('the owner attaches a photo and a PDF, each with its kind; the photo loses its EXIF', async () => {
    const photo = await upload(
      owner,
      { kind: 'registration' },
      await jpeg(40, 30),
      'carte-grise.jpg',
      'image/jpeg',
    );
    expect(photo.statusCode, photo.body).toBe(201);
    registration = photo.json<{ data: CarPaper }>().data;
    expect(registration).toMatchObject({
      carId,
      kind: 'registration',
      fileKind: 'image',
      name: 'carte-grise.jpg',
      width: 40,
      height: 30,
    });
    expect(registration.url).toBe(`/api/v1.0/media/${registration.fileId}`);
    const file = await t.app.inject({ method: 'GET', url: registration.url, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();

    const pdf = await upload(owner, { kind: 'insurance' }, PDF, 'assurance.pdf', 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    insurance = pdf.json<{ data: CarPaper }>().data;
    expect(insurance).toMatchObject({ kind: 'insurance', fileKind: 'pdf', mime: 'application/pdf' });

    const list = await papersOf(owner);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: CarPaper[] }>().data.map((p) => p.id)).toEqual([registration.id, insurance.id]);
  });

  test('a repeated client id answers the stored paper with 200 and stores nothing more', async () => {
    const id = randomUUID();
    const first = await upload(owner, { id, kind: 'inspection' }, PDF, 'ct.pdf', 'application/pdf');
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(owner, { id, kind: 'inspection' }, PDF, 'ct.pdf', 'application/pdf');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: CarPaper }>().data.fileId).toBe(first.json<{ data: CarPaper }>().data.fileId);
    expect((await papersOf(owner)).json<{ data: CarPaper[] }>().data).toHaveLength(3);
  });

  test('a wrong kind, no file, or a file that is neither a photo nor a PDF is refused', async () => {
    expect((await upload(owner, { kind: 'passport' }, PDF, 'x.pdf', 'application/pdf')).statusCode).toBe(400);
    const none = await send(t.app, owner, 'POST', `/cars/${carId}/papers`, form({ kind: 'other' }, []));
    expect(none.statusCode).toBe(400);
    expect((await upload(owner, { kind: 'other' }, SVG, 'x.svg', 'image/svg+xml')).statusCode).toBe(415);
  });

  test('a member reads the papers and their files; a friend of the owner and a stranger get 404', async () => {
    expect((await papersOf(member)).json<{ data: CarPaper[] }>().data).toHaveLength(3);
    const file = await t.app.inject({ method: 'GET', url: registration.url, headers: member.headers });
    expect(file.statusCode).toBe(200);
    for (const outsider of [friend, stranger]) {
      expect((await papersOf(outsider)).statusCode).toBe(404);
      const seen = await t.app.inject({ method: 'GET', url: registration.url, headers: outsider.headers });
      expect(seen.statusCode).toBe(404);
      expect((await call('GET', `/cars/${randomUUID()}/papers`, outsider)).statusCode).toBe(404);
    }
    // Without a token: 401.
    expect((await call('GET', `/cars/${carId}/papers`, null)).statusCode).toBe(401);
  });

  test('only the owner adds or removes papers: a member 403, a stranger 404', async () => {
    expect((await upload(member, { kind: 'other' }, PDF, 'x.pdf', 'application/pdf')).statusCode).toBe(403);
    expect((await upload(stranger, { kind: 'other' }, PDF, 'x.pdf', 'application/pdf')).statusCode).toBe(404);
    expect((await call('DELETE', `/cars/${carId}/papers/${insurance.id}`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `/cars/${carId}/papers/${insurance.id}`, stranger)).statusCode).toBe(404);
    // A paper of another car, or none: 404.
    const other = await call('POST', '/cars', owner, { make: 'Fiat', model: 'Panda' });
    const otherId = other.json<{ data: Car }>().data.id;
    expect((await call('DELETE', `/cars/${otherId}/papers/${insurance.id}`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/cars/${carId}/papers/${randomUUID()}`, owner)).statusCode).toBe(404);
  });

  test('the owner removes a paper: its file goes with it', async () => {
    const key = (
      await t.app.db.kysely
        .selectFrom('media')
        .select('storage_key')
        .where('id', '=', insurance.fileId)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(await stored(t.app, `media/${key}`)).toBe(true);
    const res = await call('DELETE', `/cars/${carId}/papers/${insurance.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: insurance.id } });
    expect((await papersOf(owner)).json<{ data: CarPaper[] }>().data.map((p) => p.id)).not.toContain(
      insurance.id,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: insurance.url, headers: owner.headers })).statusCode,
    ).toBe(404);
    expect(await stored(t.app, `media/${key}`)).toBe(false);
  });

  test('the files screen names the car a paper belongs with', async () => {
    const files = await listFiles(t.app, owner);
    expect(files.data.find((f) => f.id === registration.fileId)?.usedBy).toEqual([
      { type: 'car', id: carId },
    ]);
  });

  test('a removed member reads nothing more: the list and the files answer 404', async () => {
    expect((await call('DELETE', `/cars/${carId}/members/${member.id}`, owner)).statusCode).toBe(200);
    expect((await papersOf(member)).statusCode).toBe(404);
    const file = await t.app.inject({ method: 'GET', url: registration.url, headers: member.headers });
    expect(file.statusCode).toBe(404);
  });

  test('deleting the car deletes its papers and their files', async () => {
    const car = await call('POST', '/cars', owner, { make: 'Citroën', model: 'AX' });
    const id = car.json<{ data: Car }>().data.id;
    const paper = (await upload(owner, { kind: 'registration' }, PDF, 'cg.pdf', 'application/pdf', id)).json<{
      data: CarPaper;
    }>().data;
    expect((await call('DELETE', `/cars/${id}`, owner)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: paper.url, headers: owner.headers })).statusCode).toBe(
      404,
    );
    expect((await listFiles(t.app, owner)).data.map((f) => f.id)).not.toContain(paper.fileId);
  });
});

/** Every entry of a ZIP, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('the account export', () => {
  test("cars.json holds the car's papers and dates, its energies as a list; media/ the papers' files", async () => {
    const who = await person(t.app, { firstName: 'Xena' });
    const made = await call('POST', '/cars', who, {
      make: 'Dacia',
      model: 'Duster',
      energyTypes: ['lpg', 'gasoline'],
      vin: 'uu1hsdadg12345678',
      plate: 'GH-456-JK',
      firstRegistrationDate: '2019-03-01',
      inspectionDueDate: '2027-03-01',
      insuranceDueDate: '2026-12-31',
    });
    expect(made.statusCode, made.body).toBe(201);
    const car = made.json<{ data: Car }>().data;
    const paper = (await upload(who, { kind: 'inspection' }, PDF, 'ct.pdf', 'application/pdf', car.id)).json<{
      data: CarPaper;
    }>().data;
    const res = await call('GET', '/users/me/export', who);
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    const [exported] = JSON.parse(files.get('cars.json')!.toString('utf8')) as Record<string, unknown>[];
    expect(exported).toMatchObject({
      id: car.id,
      energyType: 'lpg',
      energyTypes: ['lpg', 'gasoline'],
      vin: 'UU1HSDADG12345678',
      plate: 'GH-456-JK',
      firstRegistrationDate: '2019-03-01',
      inspectionDueDate: '2027-03-01',
      insuranceDueDate: '2026-12-31',
      papers: [{ id: paper.id, kind: 'inspection', mediaId: paper.fileId, createdAt: paper.createdAt }],
    });
    expect(files.has(`media/${paper.fileId}.pdf`)).toBe(true);
  });
});

describe('the sale', () => {
  test('VIN, plate and dates go with the car but the insurance (the seller’s); registration and inspection papers go, the others stay the seller’s files', async () => {
    const [seller, buyer] = await Promise.all([
      person(t.app, { firstName: 'Sela' }),
      person(t.app, { firstName: 'Bruno' }),
    ]);
    const made = await call('POST', '/cars', seller, {
      make: 'Peugeot',
      model: '504',
      vin: 'VF3504A0000123456',
      plate: 'AA-504-PP',
      firstRegistrationDate: '1978-06-01',
      inspectionDueDate: '2027-06-01',
      insuranceDueDate: '2026-09-30',
    });
    const car = made.json<{ data: Car }>().data;
    const paperOf = async (kind: string) =>
      (await upload(seller, { kind }, PDF, `${kind}.pdf`, 'application/pdf', car.id)).json<{
        data: CarPaper;
      }>().data;
    const registration = await paperOf('registration');
    const inspection = await paperOf('inspection');
    const insurance = await paperOf('insurance');
    // The summary says it before the offer: two papers go with the car, one stays the seller's.
    const summary = await call('GET', `/cars/${car.id}/sale-summary?keepCosts=true&keepNotes=true`, seller);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<{ data: object }>().data).toMatchObject({
      papers: { count: 2, handedOver: true },
      papersKept: { count: 1, handedOver: false },
    });
    const offered = await call('POST', `/cars/${car.id}/transfers`, seller, {
      toUserId: buyer.id,
      keepCosts: true,
      keepNotes: true,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const transferId = offered.json<{ data: { id: string } }>().data.id;
    const accepted = await call('PUT', `/car-transfers/${transferId}`, buyer, { action: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const bought = (await call('GET', `/cars/${car.id}`, buyer)).json<{ data: Car }>().data;
    expect(bought).toMatchObject({
      vin: 'VF3504A0000123456',
      plate: 'AA-504-PP',
      firstRegistrationDate: '1978-06-01',
      inspectionDueDate: '2027-06-01',
      insuranceDueDate: null,
    });
    const reminders = (await call('GET', `/reminders?carId=${car.id}`, buyer)).json<{
      data: { source?: string }[];
    }>().data;
    expect(reminders.map((r) => r.source)).toEqual(['inspectionDueDate']);
    const papers = (await papersOf(buyer, car.id)).json<{ data: CarPaper[] }>().data;
    expect(papers.map((p) => p.id).sort()).toEqual([registration.id, inspection.id].sort());
    expect(
      (await t.app.inject({ method: 'GET', url: inspection.url, headers: buyer.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: insurance.url, headers: buyer.headers })).statusCode,
    ).toBe(404);
    // The seller keeps the insurance card among their files, and no longer reads the car's papers.
    expect((await listFiles(t.app, seller)).data.map((f) => f.id)).toContain(insurance.fileId);
    expect((await listFiles(t.app, seller)).data.map((f) => f.id)).not.toContain(inspection.fileId);
    expect((await papersOf(seller, car.id)).statusCode).toBe(404);
  });
});

// Shared by backup-restore.test.ts and sqlite-to-postgres.test.ts: a populated Paddock made through
// the API (members, an avatar, cars with a photo, logs with photos and a PDF, posts with an image,
// likes, comments and a reply, messages read and deleted, a pending friend request), the GETs
// whose answers must survive a copy, every row of every table, and running the npm scripts as a
// member would.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp, type App } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import type { Car, CarLog } from '../../src/contract/garage';
import type { Post } from '../../src/contract/posts';
import { form, PDF, png } from './media-fixtures';
import { send as sendMessage } from './messages-fixtures';
import { befriend, caller, comment, like, person, post, type Person } from './posts-fixtures';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const API = '/api/v1.0';

/** The environment of a test server (as createTestApp sets it) on a given DATA_DIR and database. */
export function serverEnv(dataDir: string, databaseUrl: string | null): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ARGON2_MEMORY_KIB: '4096',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

export const freshDir = (label: string) => mkdtempSync(path.join(tmpdir(), `paddock-${label}-`));

export const startApp = (dataDir: string, databaseUrl: string | null): Promise<App> =>
  buildApp(loadConfig(serverEnv(dataDir, databaseUrl)), { logger: false });

/** A multipart call as `who`. */
export const upload = (app: App, who: Person, method: 'POST' | 'PUT', url: string, body: FormData) =>
  app.inject({ method, url: `${API}${url}`, headers: who.headers, payload: body });

/** A small PNG whose bytes differ with `seed`. */
export const photo = (seed: number) => png(16 + (seed % 7), 12 + (seed % 5));

export interface World {
  people: Person[];
  cars: Car[];
  logs: CarLog[];
  posts: Post[];
  /** GETs (as a member) whose answers a faithful copy repeats exactly. */
  probes: { who: Person; url: string }[];
  /** URLs of stored files (car photo, log media, post image, avatar) and who may read them. */
  files: { who: Person; url: string }[];
}

export async function populate(app: App): Promise<World> {
  const call = caller(app);
  const people: Person[] = [];
  for (const [i, firstName] of ['Ada', 'Bruno', 'Chloé'].entries())
    people.push(await person(app, { firstName, lastName: `Driver${i}`, city: 'Lyon' }));
  const [ada, bruno, chloe] = people as [Person, Person, Person];
  await befriend(app, ada, bruno);
  await befriend(app, ada, chloe);
  const stranger = await person(app, { firstName: 'Dan' });
  expect((await call('POST', '/friends/request', stranger, { userId: ada.id })).statusCode).toBe(201);

  const avatar = await upload(
    app,
    ada,
    'PUT',
    '/users/me/avatar',
    form({}, [{ name: 'avatar', bytes: await png(80, 80), filename: 'me.png', type: 'image/png' }]),
  );
  expect(avatar.statusCode, avatar.body).toBe(200);
  const avatarUrl = avatar.json<{ data: { avatar: string } }>().data.avatar;

  const carRes = await upload(
    app,
    ada,
    'POST',
    '/cars/with-image',
    form({ data: JSON.stringify({ make: 'Alpine', model: 'A110', year: 1973, mileage: 84_000 }) }, [
      { name: 'image', bytes: await photo(1), filename: 'car.png', type: 'image/png' },
    ]),
  );
  expect(carRes.statusCode, carRes.body).toBe(201);
  const cars: Car[] = [carRes.json<{ data: Car }>().data];
  const plainCar = await call('POST', '/cars', bruno, {
    make: 'Lancia',
    model: 'Fulvia',
    nickname: 'Zagato',
  });
  expect(plainCar.statusCode, plainCar.body).toBe(201);
  cars.push(plainCar.json<{ data: Car }>().data);

  const logs: CarLog[] = [];
  for (let i = 0; i < 3; i++) {
    const data = {
      carId: cars[0]!.id,
      type: 'maintenance',
      title: `Service ${i}`,
      content: `<p>Log <strong>${i}</strong></p>`,
      tags: ['oil', `t${i}`],
      cost: 89.9 + i,
      currencyCode: 'EUR',
      startDate: `2025-03-1${i}`,
      mileage: 84_500 + i,
    };
    const parts =
      i < 2
        ? [
            { name: 'media', bytes: await photo(10 + i), filename: `p${i}.png`, type: 'image/png' },
            { name: 'media', bytes: PDF, filename: `r${i}.pdf`, type: 'application/pdf' },
          ]
        : [];
    const res = parts.length
      ? await upload(app, ada, 'POST', '/car-logs/with-media', form({ data: JSON.stringify(data) }, parts))
      : await call('POST', '/car-logs', ada, data);
    expect(res.statusCode, res.body).toBe(201);
    logs.push(res.json<{ data: CarLog }>().data);
  }

  const imagePost = await upload(
    app,
    ada,
    'POST',
    '/posts/with-image',
    form({ data: JSON.stringify({ content: '<p>Col de la Bonette</p>', carId: cars[0]!.id }) }, [
      { name: 'image', bytes: await photo(20), filename: 'col.png', type: 'image/png' },
    ]),
  );
  expect(imagePost.statusCode, imagePost.body).toBe(201);
  const posts: Post[] = [
    imagePost.json<{ data: Post }>().data,
    await post(app, bruno, { content: '<p>Fulvia!</p>' }),
  ];
  await like(app, bruno, posts[0]!.id);
  await like(app, chloe, posts[0]!.id);
  await like(app, ada, posts[1]!.id);
  const top = await comment(app, chloe, posts[0]!.id, { content: 'Superbe' });
  await comment(app, ada, posts[0]!.id, { parentCommentId: top.id, content: 'Merci' });

  const first = await sendMessage(app, ada, bruno, { subject: 'Rallye' });
  await sendMessage(app, ada, bruno, { subject: 'Pièces' });
  const back = await sendMessage(app, bruno, ada, { subject: 'Re: Rallye' });
  expect((await call('PUT', `/messages/${first.id}/read`, bruno)).statusCode).toBe(200);
  expect((await call('DELETE', `/messages/${back.id}`, ada)).statusCode).toBe(200);

  const probes = [
    ...people.flatMap((who) => [
      { who, url: '/users/me' },
      { who, url: '/cars/feed' },
      { who, url: '/posts/feed' },
      { who, url: '/messages?folder=inbox' },
      { who, url: '/messages?folder=sent' },
      { who, url: '/notifications?limit=100' },
      { who, url: '/friends' },
      { who, url: '/files' },
    ]),
    { who: ada, url: '/friends/requests' },
    { who: bruno, url: `/users/${ada.id}` },
    { who: ada, url: `/cars/${cars[0]!.id}` },
    { who: ada, url: `/car-logs/${cars[0]!.id}` },
    { who: ada, url: `/car-logs/log/${logs[0]!.id}` },
    { who: ada, url: `/car-logs/stats/${cars[0]!.id}` },
    { who: chloe, url: `/posts/${posts[0]!.id}` },
    { who: chloe, url: `/comments/post/${posts[0]!.id}` },
    { who: ada, url: `/comments/${top.id}/replies` },
  ];
  const files = [
    { who: bruno, url: avatarUrl },
    { who: ada, url: cars[0]!.image! },
    ...logs.flatMap((l) => l.media.map((m) => ({ who: ada, url: m.url }))),
    { who: chloe, url: posts[0]!.image! },
  ];
  return { people, cars, logs, posts, probes, files };
}

/** Status and body of every probe. */
export async function answers(app: App, world: World): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const { who, url } of world.probes) {
    const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: who.headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    out[`${who.username} ${url}`] = res.json();
  }
  for (const { who, url } of world.files) {
    const res = await app.inject({ method: 'GET', url, headers: who.headers });
    expect(res.statusCode, url).toBe(200);
    out[`${who.username} ${url}`] = createHash('sha256').update(res.rawPayload).digest('hex');
  }
  return out;
}

/** Every table's rows (kysely tables excluded), each as a canonical JSON string, sorted. */
export async function allRows(app: App): Promise<Record<string, string[]>> {
  const db = app.db.kysely;
  const names =
    app.db.dialect === 'sqlite'
      ? (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'
            and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'
            and name not like 'fts\\_%' escape '\\'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`.execute(
            db,
          )
        ).rows.map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const name of names.sort()) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    out[name] = rows.map(canonical).sort();
  }
  return out;
}

/** A row as JSON with sorted keys and numbers as text (pg answers BIGINT as text, SQLite as a number). */
export function canonical(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => {
        const v = row[k];
        return [k, typeof v === 'number' || typeof v === 'bigint' ? String(v) : v];
      }),
  );
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` from the repository, as a member runs it. */
export function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
  onStdout: (text: string) => void = () => {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      onStdout(stdout);
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

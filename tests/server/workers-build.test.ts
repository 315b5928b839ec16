// The production bundle carries the worker threads' script: the built server (server/dist/main.js
// and workers/paddock-worker.js beside it, as `npm run build:server` makes them), started with
// NODE_ENV=production, reads an import file and builds a dossier on its workers, and a hostile
// SQLite file gets its clear 400, over real HTTP.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { API, buildPrivateServer, call, signUp, spawnNode, tempDir, type Member } from './cluster-fixtures';
import { hammondDatabase } from './imports-fixtures';
import { hostileSqlite } from './workers-fixtures';

let built: Awaited<ReturnType<typeof buildPrivateServer>>;
let node: Awaited<ReturnType<typeof spawnNode>>;
let ann: Member;

beforeAll(async () => {
  built = await buildPrivateServer('workers');
  const dataDir = tempDir('workers-build');
  node = await spawnNode(built.entry, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    PUBLIC_URL: 'http://localhost:3000',
  });
  await node.ready;
  ann = await signUp(node.origin, 'workers');
}, 180_000);

afterAll(async () => {
  await node?.stop();
  built?.remove();
});

const importFile = (carId: string, bytes: Buffer, query = 'dryRun=false') => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), 'hammond.db');
  return fetch(`${node.origin}${API}/cars/${carId}/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ann.token}` },
    body,
  });
};

test('the bundle has its worker script; imports and dossiers run on it in production', async () => {
  expect(existsSync(path.join(path.dirname(built.entry), 'workers/paddock-worker.js'))).toBe(true);
  const car = await call(node.origin, 'POST', '/cars', ann.token, {
    make: 'Lancia',
    model: 'Fulvia',
    mileage: null,
  });
  expect(car.status).toBe(201);
  const carId = car.body.data.id as string;

  const read = await importFile(carId, hammondDatabase());
  const result = (await read.json()) as { data: { format: string; created: number } };
  expect(read.status, JSON.stringify(result)).toBe(200);
  expect(result.data).toMatchObject({ format: 'hammond', created: 5 });

  const hostile = await importFile(carId, hostileSqlite('generated columns'));
  expect(hostile.status).toBe(400);
  expect(((await hostile.json()) as { error: { message: string } }).error.message).toContain(
    'generated columns',
  );

  const pdf = await fetch(`${node.origin}${API}/cars/${carId}/history.pdf`, {
    headers: { authorization: `Bearer ${ann.token}` },
  });
  expect(pdf.status).toBe(200);
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

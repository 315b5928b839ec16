// The media files on disk against their rows: a file gone from disk answers 404 (told once in the
// log), and a file that cannot be removed never fails the change that removes it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCollector } from './auth-fixtures';
import { API, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, getMedia, listFiles, png, send } from './media-fixtures';

let t: TestApp;
let alice: Member;
const log = logCollector();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logger: { stream: log.stream } });
  alice = await member(t.app);
});
afterAll(async () => t?.close());

/** A car with an image; answers the image's URL, media id and file path on disk. */
async function carWithImage(who: Member) {
  const res = await send(
    t.app,
    who,
    'POST',
    '/cars/with-image',
    form({ make: 'Matra', model: 'Djet' }, [{ name: 'image', bytes: await png(), filename: 'djet.png' }]),
  );
  expect(res.statusCode, res.body).toBe(201);
  const car = res.json<{ data: { id: string; image: string } }>().data;
  const mediaId = car.image.split('/').pop()!;
  const row = await t.app.db.kysely
    .selectFrom('media')
    .select('storage_key')
    .where('id', '=', mediaId)
    .executeTakeFirstOrThrow();
  return { car, mediaId, file: path.join(t.dataDir, 'media', row.storage_key) };
}

/** Log lines (parsed) whose message is `msg`. */
const linesOf = (msg: string) =>
  log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg);

/** Puts a non-empty directory where the file was: removing it then fails (EISDIR), even as root. */
function makeUnremovable(file: string) {
  rmSync(file);
  mkdirSync(file);
  writeFileSync(path.join(file, 'keep'), 'x');
}

describe('GET /media/:id when the file vanished from disk', () => {
  it('answers 404 NOT_FOUND in the envelope and logs one warning, without secrets', async () => {
    const { car, mediaId, file } = await carWithImage(alice);
    rmSync(file);
    for (let i = 0; i < 3; i++) {
      const res = await getMedia(t.app, alice, car.image);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        success: false,
        error: { code: 'NOT_FOUND', message: 'File not found.' },
      });
    }
    const warnings = linesOf('media file missing from disk');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, mediaId, storageKey: path.basename(file) });
    // Names and ids the server made, nothing else: no token, no path of the machine.
    expect(Object.keys(warnings[0]!).sort()).toEqual(
      ['hostname', 'level', 'mediaId', 'msg', 'pid', 'storageKey', 'time'].sort(),
    );
    expect(log.lines.join('\n')).not.toContain(alice.token);
    // The row stays (the file is listed, so the member can delete it).
    expect((await listFiles(t.app, alice)).data.some((f) => f.id === mediaId)).toBe(true);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${API}/files/${mediaId}`,
      headers: alice.headers,
    });
    expect(del.statusCode).toBe(200);
  });

  it('still answers 500 for another read failure (not a missing file)', async () => {
    const { car, file } = await carWithImage(alice);
    makeUnremovable(file);
    const res = await getMedia(t.app, alice, car.image);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    rmSync(file, { recursive: true });
  });
});

describe('DELETE /files/:id when the file cannot be removed', () => {
  it('answers 200, forgets the row and logs the failure', async () => {
    const { mediaId, file } = await carWithImage(alice);
    makeUnremovable(file);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${API}/files/${mediaId}`,
      headers: alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listFiles(t.app, alice)).data.some((f) => f.id === mediaId)).toBe(false);
    expect(linesOf('media file could not be removed')).toContainEqual(
      expect.objectContaining({ level: 40, storageKey: path.basename(file), code: 'ERR_FS_EISDIR' }),
    );
    rmSync(file, { recursive: true });
  });
});

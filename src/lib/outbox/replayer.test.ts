// Order, exactly-once, dependencies and the one-replayer rule.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaddockDb } from '../db';
import { enqueue } from './enqueue';
import { registerOutboxHandlers, UnknownOutboxKindError } from './handlers';
import { createReplayer, REPLAY_CONCURRENCY } from './replayer';
import { freshDb, scriptedSend, type Answer, withTestHandlers } from './test-helpers';

withTestHandlers(beforeAll);

let db: PaddockDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => db.close());

const post = (path: string, extra: { id?: string; dependsOn?: string[]; kind?: string } = {}) =>
  enqueue({ kind: extra.kind ?? 'test', method: 'POST', path, ...extra }, undefined, db);

function replayerWith(script: Record<string, Answer[]> = {}) {
  const double = scriptedSend(script);
  const refresh = vi.fn().mockResolvedValue('new-token');
  const replayer = createReplayer({ db, send: double.send, refresh, random: () => 0, concurrency: 1 });
  return { ...double, refresh, replayer };
}

describe('replayer', () => {
  it('sends in FIFO order and deletes each entry after success', async () => {
    await post('/a');
    await post('/b');
    await post('/c');
    const { replayer, paths } = replayerWith();
    await replayer.replay();
    expect(paths()).toEqual(['/a', '/b', '/c']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('settled() resolves once the pass in flight has its answer (and at once when idle)', async () => {
    await post('/a');
    let answer!: () => void;
    const send = vi.fn(() => new Promise<unknown>((resolve) => (answer = () => resolve({}))));
    const replayer = createReplayer({ db, send, random: () => 0, concurrency: 1 });
    await expect(replayer.settled()).resolves.toBeUndefined();
    void replayer.replay();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    let settled = false;
    const waiting = replayer.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answer();
    await waiting;
    expect(await db.outbox.count()).toBe(0); // the answer was reconciled before settled()
  });

  it('sends each entry exactly once, even when replayed twice', async () => {
    const a = await post('/a');
    const { replayer, calls } = replayerWith();
    await replayer.replay();
    await replayer.replay();
    expect(calls.map((c) => c.id)).toEqual([a.id]);
  });

  it('runs one pass at a time: two concurrent calls send each entry once', async () => {
    await post('/a');
    await post('/b');
    const { replayer, paths } = replayerWith();
    await Promise.all([replayer.replay(), replayer.replay()]);
    expect(paths()).toEqual(['/a', '/b']);
  });

  it('shares the lock: two replayers (two tabs) send each entry once', async () => {
    await post('/a');
    await post('/b');
    let held: Promise<void> = Promise.resolve();
    const lock = (run: () => Promise<void>) => (held = held.then(run));
    const double = scriptedSend({});
    const tabA = createReplayer({ db, send: double.send, lock });
    const tabB = createReplayer({ db, send: double.send, lock });
    await Promise.all([tabA.replay(), tabB.replay()]);
    expect(double.paths()).toEqual(['/a', '/b']);
  });

  it('sends a child only after its parent', async () => {
    const car = await post('/cars', { id: 'car-1' });
    await post('/cars/car-1/logs', { dependsOn: [car.id] });
    const { replayer, paths } = replayerWith();
    await replayer.replay();
    expect(paths()).toEqual(['/cars', '/cars/car-1/logs']);
  });

  it('keeps a child blocked while its parent waits to retry', async () => {
    const car = await post('/cars');
    await post('/logs', { dependsOn: [car.id] });
    const { replayer, paths } = replayerWith({ '/cars': ['network'] });
    await replayer.replay();
    replayer.cancelTimer();
    expect(paths()).toEqual(['/cars']);
    expect(await db.outbox.count()).toBe(2);
  });

  it('blocks the child of a parent that needs attention, and goes on with the rest', async () => {
    const car = await post('/cars');
    await post('/logs', { dependsOn: [car.id] });
    await post('/posts');
    const { replayer, paths } = replayerWith({ '/cars': [422] });
    await replayer.replay();
    expect(paths()).toEqual(['/cars', '/posts']);
    expect((await db.outbox.get(car.id))?.status).toBe('failed');
    expect(await db.outbox.filter((e) => e.path === '/logs').count()).toBe(1);
    await replayer.replay();
    expect(paths()).toEqual(['/cars', '/posts']); // still blocked, not sent
  });

  it('hands the answer to the onSent handler of the entry kind', async () => {
    const onSent = vi.fn();
    const off = registerOutboxHandlers({ reconciled: onSent });
    const entry = await post('/logs', { kind: 'reconciled' });
    const { replayer } = replayerWith();
    await replayer.replay();
    off();
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: entry.id }), { id: entry.id });
  });

  it('does not resend when the onSent handler throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const off = registerOutboxHandlers({
      boom: () => {
        throw new Error('reconcile failed');
      },
    });
    await post('/x', { kind: 'boom' });
    const { replayer, calls } = replayerWith();
    await replayer.replay();
    await replayer.replay();
    off();
    expect(calls).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('replayer concurrency', () => {
  /** A send that records how many requests overlap and answers after `ms`. */
  function slowSend(ms = 20) {
    let inFlight = 0;
    let most = 0;
    const started: string[] = [];
    const finished: string[] = [];
    const send = async (entry: { path: string }) => {
      started.push(entry.path);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight -= 1;
      finished.push(entry.path);
      return {};
    };
    return { send, started, finished, most: () => most };
  }

  it(`pins ${REPLAY_CONCURRENCY} requests in flight for independent entries`, async () => {
    expect(REPLAY_CONCURRENCY).toBe(4);
    for (let i = 0; i < 10; i += 1) await post(`/p${i}`);
    const double = slowSend();
    await createReplayer({ db, send: double.send, refresh: vi.fn(), random: () => 0 }).replay();
    expect(double.most()).toBe(REPLAY_CONCURRENCY);
    expect(double.started).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i}`));
    expect(await db.outbox.count()).toBe(0);
  });

  it('never overlaps two writes of the same row, and keeps their order', async () => {
    await enqueue({ kind: 'x', method: 'POST', path: '/row-1', entityId: 'r' }, undefined, db);
    await enqueue({ kind: 'x', method: 'PUT', path: '/row-2', entityId: 'r' }, undefined, db);
    await enqueue({ kind: 'x', method: 'DELETE', path: '/row-3', entityId: 'r' }, undefined, db);
    const double = slowSend();
    await createReplayer({ db, send: double.send, refresh: vi.fn(), random: () => 0 }).replay();
    expect(double.most()).toBe(1);
    expect(double.finished).toEqual(['/row-1', '/row-2', '/row-3']);
  });

  it('a dependent waits for its dependency in flight, then goes', async () => {
    const car = await post('/car');
    await post('/log', { dependsOn: [car.id] });
    const double = slowSend();
    await createReplayer({ db, send: double.send, refresh: vi.fn(), random: () => 0 }).replay();
    expect(double.most()).toBe(1);
    expect(double.finished).toEqual(['/car', '/log']);
  });

  it('a dependent of a refused entry is not sent, while independent ones are', async () => {
    const car = await post('/car');
    await post('/log', { dependsOn: [car.id] });
    await post('/other');
    const double = scriptedSend({ '/car': [422] });
    await createReplayer({ db, send: double.send, refresh: vi.fn(), random: () => 0 }).replay();
    expect(double.paths().sort()).toEqual(['/car', '/other']);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.path, e.status])).toEqual([
      ['/car', 'failed'],
      ['/log', 'pending'],
    ]);
  });

  it('in tests, an entry whose kind has no handler is a loud error, and nothing is sent', async () => {
    await post('/nobody', { kind: 'kind.nobody.handles' });
    const { replayer, calls } = replayerWith();
    await expect(replayer.replay()).rejects.toBeInstanceOf(UnknownOutboxKindError);
    expect(calls).toHaveLength(0);
  });

  it('at run time, an entry whose kind has no handler needs attention: kept, not sent, never dropped', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const orphan = await post('/nobody', { kind: 'kind.nobody.handles' });
    const double = scriptedSend({});
    await createReplayer({ db, send: double.send, random: () => 0, unknownKind: 'attention' }).replay();
    expect(double.calls).toHaveLength(0);
    expect(await db.outbox.get(orphan.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('kind.nobody.handles') as unknown,
    });
  });

  it('refuses two different handlers for one kind (a wiring mistake)', () => {
    const off = registerOutboxHandlers({ twice: () => undefined });
    expect(() => registerOutboxHandlers({ twice: () => undefined })).toThrow(/twice/);
    off();
  });
});

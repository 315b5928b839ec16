// jsdom's Blob does not survive structuredClone (jsdom #3363); Node's own Blob does, as a
// browser's does in IndexedDB, so this test stores one of those.
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { enqueue } from './enqueue';
import { freshDb } from './test-helpers';

const newLog = { kind: 'carLog.create', method: 'POST', path: '/cars/c1/logs' } as const;

describe('enqueue with files', () => {
  it('keeps a Blob body as is', async () => {
    const db = freshDb();
    const photo = new NodeBlob(['jpeg bytes'], { type: 'image/jpeg' }) as unknown as Blob;
    const entry = await enqueue(
      { ...newLog, body: { type: 'form', parts: [{ name: 'photo', value: photo, filename: 'r.jpg' }] } },
      undefined,
      db,
    );
    const stored = await db.outbox.get(entry.id);
    const part = stored?.body?.type === 'form' ? stored.body.parts[0] : undefined;
    expect(part?.filename).toBe('r.jpg');
    const value = part && 'value' in part ? part.value : undefined;
    expect(value).toBeInstanceOf(NodeBlob);
    expect(await (value as Blob).text()).toBe('jpeg bytes');
    db.close();
  });
});

import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue } from './enqueue';
import { freshDb } from './test-helpers';
import { useOutboxCounts } from './use-outbox-counts';

const db = freshDb();
afterEach(() => db.close());

describe('useOutboxCounts', () => {
  it('follows the outbox as entries are added and fail', async () => {
    const { result } = renderHook(() => useOutboxCounts(db));
    expect(result.current).toEqual({ pending: 0, failed: 0 });
    const entry = await enqueue({ kind: 'test', method: 'POST', path: '/a' }, undefined, db);
    await waitFor(() => expect(result.current).toEqual({ pending: 1, failed: 0 }));
    await db.outbox.update(entry.id, { status: 'failed' });
    await waitFor(() => expect(result.current).toEqual({ pending: 0, failed: 1 }));
  });
});

// Friendship writes go through the outbox: offline they are kept on this device with
// no request; each refusal of the server is worded for the member.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/lib/http/api-client';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { friendErrorKey, requestConflictCode } from './friend-writes';
import { sendFriendRequest } from './send-friend-request';

beforeEach(() => resetLocalDatabaseForTests(`friend-writes-${Math.random().toString(36).slice(2)}`));
afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

describe('friend writes', () => {
  it('offline: kept in the outbox, as the request it will be, before any request', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(sendFriendRequest('u1', 'r1')).resolves.toEqual({ sent: false });
    expect(fetch).not.toHaveBeenCalled();
    expect(await db.outbox.toArray()).toMatchObject([
      {
        id: 'r1',
        kind: 'friend.request',
        entityId: 'person:u1',
        method: 'POST',
        path: '/friends/request',
        body: { type: 'json', json: { userId: 'u1', id: 'r1' } },
      },
    ]);
    vi.unstubAllGlobals();
  });

  it('words each failure', () => {
    expect(friendErrorKey(new NetworkError())).toBe('FRIENDS.NEEDS_CONNECTION');
    expect(friendErrorKey(new ApiError(409, 'ALREADY_FRIENDS', 'x'))).toBe('FRIENDS.ERROR_ALREADY_FRIENDS');
    expect(friendErrorKey(new ApiError(409, 'FRIEND_REQUEST_PENDING', 'x'))).toBe(
      'FRIENDS.ERROR_REQUEST_PENDING',
    );
    expect(friendErrorKey(new ApiError(409, 'FRIEND_REQUEST_NOT_PENDING', 'x'))).toBe(
      'FRIENDS.ERROR_NOT_PENDING',
    );
    expect(friendErrorKey(new ApiError(404, 'NOT_FOUND', 'x'))).toBe('FRIENDS.ERROR_NOT_FOUND');
    expect(friendErrorKey(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe('FRIENDS.ERROR_GENERIC');
    // 429: the api client's toast already said it (spec §8).
    expect(friendErrorKey(new ApiError(429, 'TOO_MANY_REQUESTS', 'x'))).toBeNull();
    // A refused answer or cancel of the outbox says 409 only: the request was closed already.
    expect(friendErrorKey(new ApiError(409, requestConflictCode(409), 'x'))).toBe(
      'FRIENDS.ERROR_NOT_PENDING',
    );
  });
});

// Friendship writes are online calls: offline they fail at once with "needs a connection"; each
// refusal of the server is worded for the member.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { friendErrorKey, requireOnline } from './friend-writes';
import { sendFriendRequest } from './send-friend-request';

afterEach(() => vi.restoreAllMocks());

describe('friend writes', () => {
  it('offline: refused before any request, as a network error', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(() => requireOnline()).toThrow(NetworkError);
    await expect(sendFriendRequest('u1')).rejects.toBeInstanceOf(NetworkError);
    expect(fetch).not.toHaveBeenCalled();
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
  });
});

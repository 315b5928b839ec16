// The avatar hook: bearer-authorised fetch of the sized image, an object URL, one fetch per image
// (memory cache), failures left uncached, local previews untouched.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_SIZES } from '@/contract/constants';
import { fail, installFetch } from '@/testing/fetch';
import { signedIn } from '@/testing/api-client';
import {
  AVATAR_CACHE_MAX_ENTRIES,
  avatarImageUrl,
  clearAvatarCache,
  loadAvatar,
  useAvatarUrl,
} from './avatar-url';

const USER = '22222222-2222-4222-8222-222222222222';
const AVATAR = `/api/v1.0/users/${USER}/avatar?v=abc123`;
const PATH = `/api/v1.0/users/${USER}/avatar`;
const image = () => new Response('webp-bytes', { status: 200, headers: { 'Content-Type': 'image/webp' } });

// jsdom has no object URLs: numbered stand-ins.
const { createObjectURL, revokeObjectURL } = URL;
let urls = 0;
beforeEach(() => {
  clearAvatarCache();
  urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:avatar-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  clearAvatarCache();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
});

describe('avatarImageUrl', () => {
  it('sets the size on the versioned URL (the spec size 50 → &size=50)', () => {
    expect(AVATAR_SIZES).toEqual([50, 256]);
    expect(avatarImageUrl(AVATAR, 50)).toBe(`${PATH}?v=abc123&size=50`);
    expect(avatarImageUrl(AVATAR, 256)).toBe(`${PATH}?v=abc123&size=256`);
    expect(avatarImageUrl(`${PATH}?v=1&size=256`, 50)).toBe(`${PATH}?v=1&size=50`);
    expect(avatarImageUrl(`${PATH}`, 50)).toBe(`${PATH}?size=50`);
  });

  it('leaves local previews as they are', () => {
    expect(avatarImageUrl('blob:http://localhost/1', 50)).toBe('blob:http://localhost/1');
  });
});

describe('useAvatarUrl', () => {
  it('fetches the image with the bearer token and answers an object URL', async () => {
    const token = signedIn();
    const server = installFetch({ [`GET ${PATH}`]: image });
    const { result } = renderHook(() => useAvatarUrl(AVATAR, 50));
    expect(result.current).toBeUndefined(); // the initial shows meanwhile
    await waitFor(() => expect(result.current).toBe('blob:avatar-1'));
    const [request] = server.to('GET', PATH);
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(new URL(request!.url, 'http://x').searchParams.get('size')).toBe('50');
    expect(new URL(request!.url, 'http://x').searchParams.get('v')).toBe('abc123');
  });

  it('fetches each image once: a second row, a second mount, show the cached one at once', async () => {
    signedIn();
    const server = installFetch({ [`GET ${PATH}`]: image });
    const first = renderHook(() => useAvatarUrl(AVATAR, 50));
    const second = renderHook(() => useAvatarUrl(AVATAR, 50));
    await waitFor(() => expect(first.result.current).toBe('blob:avatar-1'));
    await waitFor(() => expect(second.result.current).toBe('blob:avatar-1'));
    first.unmount();
    const third = renderHook(() => useAvatarUrl(AVATAR, 50));
    expect(third.result.current).toBe('blob:avatar-1'); // first render, no wait
    expect(server.to('GET', PATH)).toHaveLength(1);
    // Another size is another image.
    const big = renderHook(() => useAvatarUrl(AVATAR, 256));
    await waitFor(() => expect(big.result.current).toBe('blob:avatar-2'));
    expect(server.to('GET', PATH)).toHaveLength(2);
  });

  it('no avatar: nothing fetched, undefined', () => {
    signedIn();
    const server = installFetch({});
    const { result } = renderHook(() => useAvatarUrl(null, 50));
    expect(result.current).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('a failed load answers undefined and is tried again at the next mount', async () => {
    signedIn();
    let answer = () => fail(404, 'NOT_FOUND', 'Avatar not found');
    const server = installFetch({ [`GET ${PATH}`]: () => answer() });
    const first = renderHook(() => useAvatarUrl(AVATAR, 50));
    await waitFor(() => expect(server.to('GET', PATH)).toHaveLength(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(first.result.current).toBeUndefined();
    answer = image;
    const second = renderHook(() => useAvatarUrl(AVATAR, 50));
    await waitFor(() => expect(second.result.current).toBe('blob:avatar-1'));
    expect(server.to('GET', PATH)).toHaveLength(2);
  });

  it('offline (fetch fails): undefined, no error', async () => {
    signedIn();
    installFetch({}); // every request fails like a network error
    const { result } = renderHook(() => useAvatarUrl(AVATAR, 50));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current).toBeUndefined();
  });

  it('signed out (no token): nothing is fetched', async () => {
    const server = installFetch({ [`GET ${PATH}`]: image });
    expect(await loadAvatar(avatarImageUrl(AVATAR, 50))).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('shows a local preview without fetching it', () => {
    const server = installFetch({});
    const { result } = renderHook(() => useAvatarUrl('blob:http://localhost/preview', 256));
    expect(result.current).toBe('blob:http://localhost/preview');
    expect(server.requests).toHaveLength(0);
  });

  it(`keeps at most ${AVATAR_CACHE_MAX_ENTRIES} images, revoking the oldest`, async () => {
    expect(AVATAR_CACHE_MAX_ENTRIES).toBe(200);
    signedIn();
    installFetch({ [`GET ${PATH}`]: image });
    for (let v = 0; v <= AVATAR_CACHE_MAX_ENTRIES; v++) await loadAvatar(`${PATH}?v=${v}&size=50`);
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:avatar-1');
  });
});

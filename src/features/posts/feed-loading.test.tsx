// While the first local read runs, the feed shows skeleton cards (spec §9: five skeleton rows).
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import type * as PostsData from './data';
import { FEED_NETWORK_WAIT_MS, FEED_SKELETON_CARDS, feedStart } from './feed-screen';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('./data', async (importOriginal) => ({
  ...(await importOriginal<typeof PostsData>()),
  useFeed: () => undefined,
  useFeedRefresh: () => ({
    refreshing: false,
    loadingMore: false,
    hasMore: false,
    error: null,
    refresh: async () => undefined,
    loadMore: async () => undefined,
  }),
}));

describe('the feed while loading', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    setSignedIn(true);
  });

  it('shows five skeleton cards, announced once, and no empty state', async () => {
    expect(FEED_SKELETON_CARDS).toBe(5);
    await renderApp('/feed');
    const loading = await screen.findByRole('status', { name: 'Loading posts' }, { timeout: 10_000 });
    expect(within(loading).getAllByTestId('post-skeleton')).toHaveLength(5);
    expect(screen.queryByRole('heading', { name: 'Your feed is empty' })).toBeNull();
  });
});

describe('how the list starts', () => {
  it('online from the network’s first page (at most 1 s waited for); offline from the device at once', () => {
    expect(FEED_NETWORK_WAIT_MS).toBe(1000);
    expect(feedStart(true)).toBe('network');
    expect(feedStart(false)).toBe('device');
  });
});

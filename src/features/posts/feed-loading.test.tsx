// While the first local read runs, the feed shows skeleton cards (spec §9: five skeleton rows).
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import type * as PostsData from './data';
import { FEED_DATA_DELAY_MS, FEED_SKELETON_CARDS, feedDataDelayMs } from './feed-screen';

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

describe('when the list loads', () => {
  it('online 400 ms after the first paint (the first-render budget); offline at once (the cold start)', () => {
    expect(FEED_DATA_DELAY_MS).toBe(400);
    expect(feedDataDelayMs(true)).toBe(400);
    expect(feedDataDelayMs(false)).toBe(0);
  });
});

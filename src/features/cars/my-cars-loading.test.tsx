// While the first local read runs, the garage shows skeletons (spec §9: five skeleton rows).
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import type * as GarageData from '@/features/garage';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/features/garage/data', async (importOriginal) => ({
  ...(await importOriginal<typeof GarageData>()),
  useCars: () => undefined,
  useGarageRefresh: () => ({ refreshing: false, error: null, refresh: async () => undefined }),
}));

describe('my cars while loading', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    setSignedIn(true);
  });

  it('shows five skeleton rows, announced once, and no empty state', async () => {
    await renderApp('/my-cars');
    const loading = await screen.findByRole('status', { name: 'Loading your cars…' }, { timeout: 10_000 });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByRole('heading', { name: 'Your garage is empty' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'My garage' })).toBeTruthy();
  });
});

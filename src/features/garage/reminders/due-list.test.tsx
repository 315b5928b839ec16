// The Due list holds no space while the device's reminders are read: skeleton rows there were
// replaced by nothing (nothing due, the usual case) and the car's page below jumped up, a layout
// shift Lighthouse counted on /my-cars (CLS 0.13).
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import type * as GarageData from '@/features/garage/data';
import { DueList } from './due-list';

vi.mock('@/features/garage/data', async (importOriginal) => ({
  ...(await importOriginal<typeof GarageData>()),
  useReminders: () => undefined,
  useCars: () => [],
  useRemindersRefresh: () => ({ refreshing: false, error: null, refresh: async () => undefined }),
}));

describe('the Due list while the reminders are read', () => {
  beforeEach(() => activateCatalog('en-US'));

  it('renders nothing: no skeleton rows that would vanish and shift the page', () => {
    const { container } = renderWithProviders(<DueList />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

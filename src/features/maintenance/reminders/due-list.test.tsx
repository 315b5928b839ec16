// The Due list holds no space while the device's reminders are read: skeleton rows there were
// replaced by nothing (nothing due, the usual case) and the car's page below jumped up, a layout
// shift Lighthouse counted on /my-cars (CLS 0.13).
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import type * as GarageData from '@/features/garage';
import { DueList } from './due-list';

// What the mocked data layer answers; a test changes it before rendering.
const data = vi.hoisted(() => ({
  reminders: undefined as [] | undefined,
  error: null as unknown,
  refresh: null as null | (() => Promise<void>),
}));

vi.mock('@/features/garage/data', async (importOriginal) => ({
  ...(await importOriginal<typeof GarageData>()),
  useReminders: () => data.reminders,
  useCars: () => [],
  useRemindersRefresh: () => ({ refreshing: false, error: data.error, refresh: data.refresh! }),
}));

describe('the Due list while the reminders are read', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    Object.assign(data, { reminders: undefined, error: null, refresh: vi.fn(async () => undefined) });
  });

  it('renders nothing: no skeleton rows that would vanish and shift the page', () => {
    const { container } = renderWithProviders(<DueList />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the Due list when refreshing the reminders failed', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    Object.assign(data, { reminders: [], error: new Error('500'), refresh: vi.fn(async () => undefined) });
  });

  it('says so under its title, and Try again asks again', () => {
    renderWithProviders(<DueList />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Due');
    expect(screen.getByText(/^The reminders could not be refreshed\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(data.refresh).toHaveBeenCalledTimes(1);
  });
});

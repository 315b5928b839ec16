import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { PULL_THRESHOLD_PX, PullToRefresh } from './pull-to-refresh';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const touch = (clientY: number) => ({ touches: [{ clientY }] });

describe('PullToRefresh', () => {
  beforeEach(() => activateCatalog('en-US'));

  it('refreshes from the button and shows "Refreshing…" until the promise settles', async () => {
    const pending = deferred();
    const onRefresh = vi.fn(() => pending.promise);
    renderWithProviders(
      <PullToRefresh onRefresh={onRefresh}>
        <p>content</p>
      </PullToRefresh>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(async () => undefined);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Refreshing…').length).toBeGreaterThan(0);
    await act(async () => pending.resolve());
    expect(screen.queryByText('Refreshing…')).toBeNull();
  });

  it('ends the indicator when the refresh fails too', async () => {
    const pending = deferred();
    renderWithProviders(<PullToRefresh onRefresh={() => pending.promise}>x</PullToRefresh>);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(async () => undefined);
    expect(screen.getAllByText('Refreshing…').length).toBeGreaterThan(0);
    await act(async () => pending.reject(new Error('offline')));
    expect(screen.queryByText('Refreshing…')).toBeNull();
  });

  it('shows "Pull to refresh" while dragged and refreshes when released past the threshold', async () => {
    const onRefresh = vi.fn(async () => undefined);
    renderWithProviders(
      <PullToRefresh onRefresh={onRefresh}>
        <p>content</p>
      </PullToRefresh>,
    );
    const area = screen.getByText('content').parentElement as HTMLElement;
    fireEvent.touchStart(area, touch(100));
    // Damped by half: a finger travel of 2 × threshold is just enough.
    fireEvent.touchMove(area, touch(100 + 2 * PULL_THRESHOLD_PX - 2));
    expect(screen.getByText('Pull to refresh')).toBeTruthy();
    fireEvent.touchEnd(area);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByText('Pull to refresh')).toBeNull();

    fireEvent.touchStart(area, touch(100));
    fireEvent.touchMove(area, touch(100 + 2 * PULL_THRESHOLD_PX));
    fireEvent.touchEnd(area);
    await act(async () => undefined);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});

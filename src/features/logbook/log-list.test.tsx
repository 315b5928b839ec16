// The logbook's first page and the whole logbook are one screen: when the rest of the logs arrive,
// the rows the member sees stay the same elements in the same place, so a tap that lands at that
// moment opens the log rather than hitting a row being replaced (or one pushed down by the filters).
import { act, cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalCarLog } from '@/features/garage';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { carLogRow, carRow } from '@/testing/mirror-rows';
import { activateCatalog, renderInRouter } from '@/testing/test-utils';
import { LogList } from './log-list';

const car = carRow({ id: 'car-1', make: 'Alpine', model: 'A110', mileageUnit: 'km' });
const logs: LocalCarLog[] = Array.from({ length: 60 }, (_, i) =>
  carLogRow({
    id: `log-${i}`,
    carId: car.id,
    title: `Entry ${i}`,
    startDate: `2026-01-${String(28 - (i % 28)).padStart(2, '0')}`,
    cost: 1000 + i,
    currencyCode: 'EUR',
  }),
);
const firstPage = { logs: logs.slice(0, 20), total: logs.length };

let showAll: () => void = () => undefined;
function Logbook({ onNeedAll }: { onNeedAll: () => void }) {
  const [all, setAll] = useState(false);
  showAll = () => setAll(true);
  return <LogList car={car} logs={all ? logs : undefined} firstPage={firstPage} onNeedAll={onNeedAll} />;
}

const list = () => screen.getByRole('list', { name: 'Logbook' });
const rowOf = (title: string) =>
  within(list())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(title));

describe('the logbook from its first page to the whole', () => {
  beforeEach(() => {
    resetLocalDatabaseForTests(`log-list-${Math.random().toString(36).slice(2)}`);
    activateCatalog('en-US');
  });
  afterEach(() => {
    cleanup();
    db.close();
    vi.restoreAllMocks();
  });

  it('keeps the shown rows, the filters and the count in place when the rest arrives', async () => {
    const onNeedAll = vi.fn();
    await renderInRouter(<Logbook onNeedAll={onNeedAll} />);
    // The first page already has the filters and the count; the cost is being counted.
    expect(screen.getByRole('search', { name: 'Filter the logs' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('60 logs');
    expect(screen.getByRole('status').textContent).toContain('Counting…');
    const row = rowOf('Entry 3');
    const filters = screen.getByRole('search', { name: 'Filter the logs' });
    expect(row).toBeDefined();

    act(() => showAll());
    // The same elements: nothing was unmounted under the member's finger.
    expect(rowOf('Entry 3')).toBe(row);
    expect(screen.getByRole('search', { name: 'Filter the logs' })).toBe(filters);
    expect(screen.getByRole('status').textContent).not.toContain('Counting…');
    expect(screen.getAllByTestId('log-sum').length).toBeGreaterThan(0);
  });

  it('reaching for the filters on the first page asks for the whole logbook', async () => {
    const onNeedAll = vi.fn();
    await renderInRouter(<Logbook onNeedAll={onNeedAll} />);
    act(() => screen.getByRole('searchbox', { name: 'Search the logs' }).focus());
    expect(onNeedAll).toHaveBeenCalled();
  });
});

// The sync panel's "needs attention" list for an edit of a log deleted on another device (the server answers
// 404): it says so in the member's language, and offers "Keep as a new log" or "Drop" instead of a
// retry that can only fail again; the garage's rows follow at once, with no refresh.
import { ListFormData, nodePhoto } from '@/testing/list-form-data';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { signedIn } from '@/testing/api-client';
import { SyncIndicator } from '@/app/layout/components/sync-indicator';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { saveCar, saveCarLog, useCarLogs } from '@/features/garage/data';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, registerOutboxHandlers } from '@/lib/outbox';

beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);

const photo = nodePhoto;

let server: ReturnType<typeof installGarageServer>;
beforeEach(() => {
  resetLocalDatabaseForTests(`deleted-elsewhere-${Math.random().toString(36).slice(2)}`);
  vi.stubGlobal('FormData', ListFormData);
  signedIn();
  server = installGarageServer();
  activateCatalog('en-US');
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const draft = (carId: string, title: string) => ({
  carId,
  type: 'maintenance',
  title,
  startDate: '2026-03-01',
});

/** A log sent from here, deleted on another device, then edited here offline and replayed: 404. */
async function editOfADeletedLog() {
  const carId = await saveCar({ make: 'Alpine', model: 'A110' });
  const logId = await saveCarLog(draft(carId, 'Oil change'));
  await replay();
  server.logs.delete(logId);
  await saveCarLog(draft(carId, 'Oil and filter'), { id: logId, files: [photo('invoice.jpg')] });
  await replay();
  return { carId, logId };
}

async function theCard() {
  renderWithProviders(<SyncIndicator />);
  fireEvent.click(await screen.findByRole('button', { name: /needs your attention/ }));
  const dialog = await screen.findByRole('dialog');
  return within(dialog).findByRole('article', { name: 'Car log changes: Oil and filter' });
}

describe('an edit of a log deleted on another device', () => {
  it('says it was deleted on another device, without the error 404 or a Retry', async () => {
    await editOfADeletedLog();
    const card = await theCard();
    expect(within(card).getByText('Deleted on another device')).toBeTruthy();
    expect(within(card).getByText(/This log was deleted on another device/)).toBeTruthy();
    expect(within(card).queryByText(/404|not found/i)).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Keep as a new log' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Drop' })).toBeTruthy();
  });

  it('speaks French', async () => {
    await editOfADeletedLog();
    activateCatalog('fr-FR');
    renderWithProviders(<SyncIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /attention/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Supprimée sur un autre appareil')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Garder comme nouvelle entrée' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ne pas garder' })).toBeTruthy();
  });

  it('"Keep as a new log" leaves the list, and the log book shows the copy instead', async () => {
    const { carId, logId } = await editOfADeletedLog();
    const logs = renderHook(() => useCarLogs(carId));
    const card = await theCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Keep as a new log' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    await waitFor(() =>
      expect(logs.result.current?.map((l) => [l.title, l.id === logId, l.syncState])).toEqual([
        ['Oil and filter', false, 'pending'],
      ]),
    );
  });

  it('"Drop" asks first, then removes the entry and the log at once', async () => {
    const { carId } = await editOfADeletedLog();
    const logs = renderHook(() => useCarLogs(carId));
    await waitFor(() => expect(logs.result.current).toHaveLength(1));
    const card = await theCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Drop' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Drop your version?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Drop it' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    await waitFor(() => expect(logs.result.current).toEqual([]));
    expect(await db.outbox.count()).toBe(0);
  });
});

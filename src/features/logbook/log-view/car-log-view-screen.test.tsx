import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { CAR_ID, LOG_ID, makeCar, makeLog, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { db } from '@/lib/db';
import { toast } from '@/lib/toast';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const media = (id: string, kind: 'image' | 'pdf') => ({
  id,
  url: `/api/v1.0/media/${id}`,
  kind,
  mime: kind === 'pdf' ? 'application/pdf' : 'image/webp',
  width: kind === 'pdf' ? null : 800,
  height: kind === 'pdf' ? null : 600,
});
const PHOTO_1 = media('aaaaaaaa-0000-4000-8000-000000000001', 'image');
const PHOTO_2 = media('aaaaaaaa-0000-4000-8000-000000000002', 'image');
const RECEIPT = media('aaaaaaaa-0000-4000-8000-000000000003', 'pdf');
const URL_OF_LOG = `/my-cars/${CAR_ID}/logs/${LOG_ID}`;

/** The files were seen before: they sit in the media cache, so they show offline. */
async function cacheFiles() {
  for (const m of [PHOTO_1, PHOTO_2, RECEIPT]) {
    await db.mediaCache.put({ url: m.url, blob: new Blob([m.id], { type: m.mime }), cachedAt: Date.now() });
  }
}

describe('car log read view', () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar());
      await putLog(
        makeLog({
          content: '<p>Changed the <strong>oil</strong> and the filter.</p>',
          media: [PHOTO_1, RECEIPT, PHOTO_2],
        }),
      );
      await cacheFiles();
    },
  });

  it('shows the entry offline from this device: notes as rich text, facts, tags, photos and receipts', async () => {
    await renderApp(URL_OF_LOG);
    expect(await screen.findByRole('heading', { level: 2, name: 'Oil change' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Log entry' })).toBeTruthy();
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Date')).toBe('February 1, 2026');
    expect(fact('Type')).toBe('Maintenance');
    expect(fact('Odometer')).toBe('41,000 Kilometres');
    expect(fact('Cost')).toBe('€120.50');
    expect(fact('Location')).toBe('Lyon');
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#oil', '#service']);
    const notes = screen.getByRole('heading', { name: 'Notes' }).nextElementSibling as HTMLElement;
    expect(notes.querySelector('strong')?.textContent).toBe('oil');
    expect(screen.getByRole('heading', { name: 'Photos (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Photo 1 of “Oil change” full screen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Receipts (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /PDF receipt 1/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/edit-car-log/${CAR_ID}/${LOG_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Delete this entry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Bleue' }).getAttribute('href')).toBe('/my-cars');
  });

  it('opens a photo in the viewer, which walks through the photos of the entry only', async () => {
    await renderApp(URL_OF_LOG);
    const second = await screen.findByRole('button', { name: 'Open Photo 2 of “Oil change” full screen' });
    second.focus();
    fireEvent.click(second);
    const dialog = await screen.findByRole('dialog', { name: 'Oil change' });
    expect(within(dialog).getByText('Photo 2 of 2')).toBeTruthy();
    expect((await within(dialog).findByRole('img')).getAttribute('alt')).toBe('Photo 2 of “Oil change”');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(within(dialog).getByText('Photo 1 of 2')).toBeTruthy();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(second);
  });

  it('opens a PDF receipt in a new tab from its object URL, not in the viewer', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await renderApp(URL_OF_LOG);
    fireEvent.click(await screen.findByRole('button', { name: /PDF receipt 1/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when a receipt was never fetched and the server cannot be reached', async () => {
    await db.mediaCache.delete(RECEIPT.url);
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await renderApp(URL_OF_LOG);
    fireEvent.click(await screen.findByRole('button', { name: /PDF receipt 1/ }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(toast.list().map((t) => t.message)).toContain(
      'This receipt is not on this device. Connect to the internet to open it.',
    );
  });

  it('deletes the entry after asking, then goes back to the garage', async () => {
    const { router } = await renderApp(URL_OF_LOG);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this entry' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect(await db.carLogs.get(LOG_ID)).toBeUndefined();
  });

  it('an entry that is not on this device (nor reachable) is said not found', async () => {
    await renderApp(`/my-cars/${CAR_ID}/logs/44444444-4444-4444-8444-444444444444`);
    expect(await screen.findByText('This log entry is not here.')).toBeTruthy();
  });

  it('a log of the garage list opens its read view', async () => {
    const { router } = await renderApp('/my-cars');
    const row = await screen.findByTestId('log-row');
    expect(row.getAttribute('href')).toBe(URL_OF_LOG);
    await act(async () => {
      fireEvent.click(row);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(URL_OF_LOG));
    expect(await screen.findByRole('heading', { level: 2, name: 'Oil change' })).toBeTruthy();
  });

  it('speaks French', async () => {
    activateCatalog('fr-FR');
    await renderApp(URL_OF_LOG);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrée du carnet' })).toBeTruthy();
    expect(await screen.findByText('Compteur')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modifier' })).toBeTruthy();
  });
});

import { Blob as NodeBlob } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { CAR_ID, LOG_ID, makeCar, makeLog, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { db } from '@/lib/db';
import { deferred, fail, installFetch, json, ok, type Route } from '@/testing/fetch';
import { toast } from '@/lib/toast';
import type { FileItem } from './api/get-files';
import { formatBytes } from '@/lib/media/file-limits';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const MiB = 1024 * 1024;
const PHOTO: FileItem = {
  id: 'f-photo',
  kind: 'image',
  mime: 'image/webp',
  size: Math.round(1.5 * MiB),
  name: 'alpine-front.webp',
  url: '/api/v1.0/media/f-photo',
  createdAt: '2026-02-01T10:00:00.000Z',
  usedBy: [{ type: 'car', id: CAR_ID }],
};
const RECEIPT: FileItem = {
  id: 'f-receipt',
  kind: 'pdf',
  mime: 'application/pdf',
  size: 250 * 1024,
  name: 'invoice.pdf',
  url: '/api/v1.0/media/f-receipt',
  createdAt: '2026-02-02T10:00:00.000Z',
  usedBy: [{ type: 'car log', id: LOG_ID }],
};
const ORPHAN: FileItem = {
  ...RECEIPT,
  id: 'f-orphan',
  name: 'old.pdf',
  usedBy: [
    { type: 'car log', id: 'gone' },
    { type: 'post', id: 'post-1' },
  ],
};

const filesAnswer = (items: FileItem[], totalBytes = 12 * MiB) =>
  json(200, { success: true, data: items, meta: { totalBytes, quotaBytes: 200 * MiB } });

function server(extra: Record<string, Route> = {}) {
  return installFetch({
    'GET /api/v1.0/files': () => filesAnswer([PHOTO, RECEIPT, ORPHAN]),
    // Node's Blob: the one a fetch Response carries (jsdom's is not one Node's fetch can read).
    'GET /api/v1.0/media/f-photo': () =>
      new Response(new NodeBlob(['webp'], { type: 'image/webp' }) as unknown as Blob),
    ...extra,
  });
}

describe('files screen', () => {
  garageScreenHooks({
    offline: false,
    seed: async () => {
      await putCar(makeCar());
      await putLog(makeLog({ title: 'Clutch job' }));
    },
  });

  it('formats sizes per locale (KB/MB)', () => {
    const spaced = (bytes: number) => formatBytes(bytes).replace(/\s/g, ' ');
    expect(spaced(512)).toBe('0.5 kB');
    expect(spaced(250 * 1024)).toBe('250 kB');
    expect(spaced(1.5 * MiB)).toBe('1.5 MB');
    expect(spaced(10 * MiB)).toBe('10 MB');
    activateCatalog('fr-FR');
    expect(spaced(1.5 * MiB)).toBe('1,5 Mo');
    expect(spaced(250 * 1024)).toBe('250 ko');
  });

  it('formats sizes of a gigabyte and more in GB, with one decimal at most', () => {
    const spaced = (bytes: number) => formatBytes(bytes).replace(/\s/g, ' ');
    // A device's share of a disk: about 10 GB, not "10,242.8 MB".
    expect(spaced(10_242.8 * MiB)).toBe('10 GB');
    expect(spaced(1536 * MiB)).toBe('1.5 GB');
    expect(spaced(1023 * MiB)).toBe('1,023 MB');
    expect(spaced(3 * 1024 * 1024 * MiB)).toBe('3 TB');
    activateCatalog('fr-FR');
    expect(spaced(1536 * MiB)).toBe('1,5 Go');
    expect(spaced(10_242.8 * MiB)).toBe('10 Go');
  });

  it('shows skeleton rows while loading, then each file with its size, date and uses, and the quota', async () => {
    const answer = deferred<Response>();
    const { to } = server({ 'GET /api/v1.0/files': () => answer.promise });
    await renderApp('/files');
    const loading = await screen.findByRole('status', { name: 'Loading your files…' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(5);
    answer.resolve(filesAnswer([PHOTO, RECEIPT, ORPHAN]));

    const list = await screen.findByRole('list', { name: 'My files' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('files-row'));
    expect(rows).toHaveLength(3);
    const [photo, receipt, orphan] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(photo.textContent).toContain('alpine-front.webp');
    expect(photo.textContent).toContain('Photo · 1.5 MB · Feb 1, 2026');
    expect(receipt.textContent).toContain('PDF · 250 kB');
    // uses: the car (opens the garage on it), the log entry (opens it), or a plain label when unknown here
    const carLink = await within(photo).findByRole('link', { name: 'Bleue' });
    expect(carLink.getAttribute('href')).toBe('/my-cars');
    expect((await within(receipt).findByRole('link', { name: 'Clutch job' })).getAttribute('href')).toBe(
      `/edit-car-log/${CAR_ID}/${LOG_ID}`,
    );
    expect(orphan.textContent).toContain('a log entry'); // a log not on this device: no link
    expect(within(orphan).getAllByRole('link')).toHaveLength(1);
    expect(within(orphan).getByRole('link', { name: 'a post' }).getAttribute('href')).toBe('/post/post-1');
    // the photo's thumbnail comes through the authenticated media fetch
    await waitFor(() => expect(to('GET', '/api/v1.0/media/f-photo')).toHaveLength(1));
    await waitFor(() => expect(photo.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/));
    expect(receipt.querySelector('img')).toBeNull();

    const quota = screen.getByRole('meter', { name: 'Your storage' });
    expect(quota.getAttribute('aria-valuenow')).toBe(String(12 * MiB));
    expect(quota.getAttribute('aria-valuemax')).toBe(String(200 * MiB));
    expect(quota.getAttribute('aria-valuetext')).toBe('12 MB of 200 MB used');

    fireEvent.click(carLink);
    expect(localStorage.getItem('selectedCar')).toBe(CAR_ID);
  });

  it("shows this device's storage estimate when the browser gives one", async () => {
    server();
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ usage: 3 * MiB, quota: 1024 * MiB }), persist: async () => true },
    });
    onTestFinished(() => {
      delete (navigator as { storage?: unknown }).storage;
    });
    await renderApp('/files');
    const device = await screen.findByRole('meter', { name: 'On this device' });
    expect(device.getAttribute('aria-valuetext')).toBe('3 MB kept, 1 GB available');
  });

  it('an empty state when there is no file', async () => {
    server({ 'GET /api/v1.0/files': () => filesAnswer([], 0) });
    await renderApp('/files');
    expect(await screen.findByRole('heading', { name: 'No files yet' })).toBeTruthy();
  });

  it('offline: a clear "needs a connection" state', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    installFetch({}); // nothing answers
    await renderApp('/files');
    expect(await screen.findByRole('heading', { name: 'Your files need a connection' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your files…' })).toBeNull();
  });

  it('deletes a file after asking, then refreshes the list and the local garage', async () => {
    const media = {
      id: RECEIPT.id,
      url: RECEIPT.url,
      kind: 'pdf' as const,
      mime: RECEIPT.mime,
      width: null,
      height: null,
    };
    await putLog(makeLog({ title: 'Clutch job', media: [media] }));
    let items = [PHOTO, RECEIPT, ORPHAN];
    const { to } = server({
      'GET /api/v1.0/files': () => filesAnswer(items),
      [`DELETE /api/v1.0/files/${RECEIPT.id}`]: () => {
        items = items.filter((f) => f.id !== RECEIPT.id);
        return ok({ id: RECEIPT.id });
      },
      [`GET /api/v1.0/car-logs/log/${LOG_ID}`]: () =>
        ok(makeLog({ title: 'Clutch job', updatedAt: '2026-03-01T00:00:00.000Z' })),
    });
    await renderApp('/files');
    await screen.findByRole('list', { name: 'My files' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete invoice.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this file?' });
    expect(dialog.textContent).toContain(
      '“invoice.pdf” is used by 1 car, log entry or post and will disappear from there.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(to('DELETE', `/api/v1.0/files/${RECEIPT.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete invoice.pdf' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.list().map((t) => t.message)).toEqual(['invoice.pdf deleted.']));
    expect(screen.queryByText('invoice.pdf')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(to('DELETE', `/api/v1.0/files/${RECEIPT.id}`)).toHaveLength(1);
    expect(to('GET', `/api/v1.0/car-logs/log/${LOG_ID}`)).toHaveLength(1);
    expect(to('GET', '/api/v1.0/files').length).toBeGreaterThanOrEqual(2);
    // Dexie forgot the file: the log's row is the server's copy again, without it
    await waitFor(async () => expect((await db.carLogs.get(LOG_ID))?.media).toEqual([]));
  });

  it('a refused delete keeps the file and says so', async () => {
    server({ [`DELETE /api/v1.0/files/${PHOTO.id}`]: () => fail(404, 'NOT_FOUND', 'No such file') });
    await renderApp('/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete alpine-front.webp' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.list().map((t) => t.message)).toEqual([
        'alpine-front.webp could not be deleted. Try again.',
      ]),
    );
    expect(screen.getByText('alpine-front.webp')).toBeTruthy();
  });
});

// The car page's "Resale dossier": the PDF asked with the ticked fields left out, a public link
// created with the same choices, the links listed with Copy, a lazily drawn QR code and Revoke
// (confirmed); offline it says it needs a connection.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryLink } from '@/contract/dossier';
import { signedIn } from '@/testing/api-client';
import { installFetch, ok } from '@/testing/fetch';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { CarDossier } from './car-dossier';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const CAR = '11111111-1111-4111-8111-111111111111';
const LINK: HistoryLink = {
  id: '22222222-2222-4222-8222-222222222222',
  carId: CAR,
  url: 'http://localhost:3000/history/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  hide: ['cost'],
  createdAt: '2026-03-01T10:00:00.000Z',
};

beforeEach(() => {
  signedIn();
  activateCatalog('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CarDossier', () => {
  it('downloads the PDF leaving out the ticked fields', async () => {
    const api = installFetch({
      [`GET /api/v1.0/cars/${CAR}/history-links`]: () => ok([]),
      [`GET /api/v1.0/cars/${CAR}/history.pdf`]: () =>
        new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="A-history.pdf"',
          },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<CarDossier carId={CAR} />);
    fireEvent.click(screen.getByLabelText('Costs and receipts'));
    fireEvent.click(screen.getByLabelText('Notes'));
    fireEvent.click(screen.getByRole('button', { name: 'Download the PDF' }));
    await waitFor(() => expect(api.to('GET', `/api/v1.0/cars/${CAR}/history.pdf`)).toHaveLength(1));
    expect(
      new URL(api.to('GET', `/api/v1.0/cars/${CAR}/history.pdf`)[0]!.url, 'http://x').searchParams.get(
        'hide',
      ),
    ).toBe('cost,notes');
    // The plate is left out unless asked.
    expect(
      new URL(api.to('GET', `/api/v1.0/cars/${CAR}/history.pdf`)[0]!.url, 'http://x').searchParams.has(
        'showPlate',
      ),
    ).toBe(false);
  });

  it('shows the plate only when asked, in the PDF and in a public link; the VIN always', async () => {
    let links: HistoryLink[] = [];
    const api = installFetch({
      [`GET /api/v1.0/cars/${CAR}/history-links`]: () => ok(links),
      [`POST /api/v1.0/cars/${CAR}/history-links`]: () => {
        links = [{ ...LINK, hide: [], showPlate: true }];
        return ok({ id: LINK.id, url: LINK.url });
      },
      [`GET /api/v1.0/cars/${CAR}/history.pdf`]: () =>
        new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<CarDossier carId={CAR} />);
    const plate = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show the plate' });
    expect(plate.checked).toBe(false);
    expect(plate.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(plate.getAttribute('aria-describedby')!)?.textContent).toContain(
      'The VIN is always shown',
    );
    fireEvent.click(plate);
    fireEvent.click(screen.getByRole('button', { name: 'Download the PDF' }));
    await waitFor(() => expect(api.to('GET', `/api/v1.0/cars/${CAR}/history.pdf`)).toHaveLength(1));
    const query = new URL(api.to('GET', `/api/v1.0/cars/${CAR}/history.pdf`)[0]!.url, 'http://x')
      .searchParams;
    expect(query.get('showPlate')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Create a public link' }));
    await waitFor(() => expect(api.to('POST', `/api/v1.0/cars/${CAR}/history-links`)).toHaveLength(1));
    expect(api.to('POST', `/api/v1.0/cars/${CAR}/history-links`)[0]!.body).toEqual({
      hide: [],
      showPlate: true,
    });
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Shows the plate')).toBeTruthy();
  });

  it('creates a link with the same choices, lists it, copies it, draws its QR code and revokes it after confirming', async () => {
    let links: HistoryLink[] = [];
    const api = installFetch({
      [`GET /api/v1.0/cars/${CAR}/history-links`]: () => ok(links),
      [`POST /api/v1.0/cars/${CAR}/history-links`]: () => {
        links = [LINK];
        return ok({ id: LINK.id, url: LINK.url });
      },
      [`DELETE /api/v1.0/history-links/${LINK.id}`]: () => {
        links = [];
        return ok({ id: LINK.id });
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<CarDossier carId={CAR} />);
    fireEvent.click(screen.getByLabelText('Costs and receipts'));
    fireEvent.click(screen.getByRole('button', { name: 'Create a public link' }));
    await waitFor(() => expect(api.to('POST', `/api/v1.0/cars/${CAR}/history-links`)).toHaveLength(1));
    expect(api.to('POST', `/api/v1.0/cars/${CAR}/history-links`)[0]!.body).toEqual({
      hide: ['cost'],
      showPlate: false,
    });

    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Leaves out: Costs and receipts')).toBeTruthy();
    expect(within(item).getByText('Plate not shown')).toBeTruthy();
    expect(within(item).getByLabelText<HTMLInputElement>('Link address').value).toBe(LINK.url);
    fireEvent.click(within(item).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK.url));

    fireEvent.click(within(item).getByRole('button', { name: 'QR code' }));
    const qr = await screen.findByAltText('QR code of the public link');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    fireEvent.click(within(item).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(api.to('DELETE', `/api/v1.0/history-links/${LINK.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.to('DELETE', `/api/v1.0/history-links/${LINK.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull());
  });

  it('says it needs a connection offline and asks nothing', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = installFetch({});
    renderWithProviders(<CarDossier carId={CAR} />);
    expect(screen.getByText('The resale dossier needs a connection.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the PDF' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Create a public link' }).hasAttribute('disabled')).toBe(true);
    expect(api.requests).toHaveLength(0);
  });
});

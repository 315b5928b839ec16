// The sale dialog: the buyer is picked among friends or found by username; an e-mail address
// (which the server never looks up, answering every one alike) gets its own words; what the buyer
// will receive is said plainly and confirmed before the offer; the buyer reads the same before
// accepting; the offer's bounds (a daily limit, a recent decline) are said in the member's language.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarSaleSummary, CarTransfer } from '@/contract/car-transfers';
import type { Car } from '@/contract/garage';
import { signedIn } from '@/testing/api-client';
import { fail, installFetch, ok } from '@/testing/fetch';
import { setSignedIn, TEST_USER } from '@/testing/session-mock';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { SellCarSection } from './sell-car-section';
import { TransferOffers } from './transfer-offers';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const CAR = {
  id: '11111111-1111-4111-8111-111111111111',
  ownerId: 'me',
  make: 'Citroën',
  model: 'DS',
} as Car;
const BUYER = {
  id: '33333333-3333-4333-8333-333333333333',
  username: 'bruno',
  firstName: 'Bruno',
  lastName: 'Lane',
  avatar: null,
};

const summaryOf = (keepCosts: boolean, keepNotes: boolean): CarSaleSummary => ({
  carId: CAR.id,
  keepCosts,
  keepNotes,
  logs: { count: 12, handedOver: true },
  photos: { count: 3, handedOver: keepCosts },
  receipts: { count: 1, handedOver: keepCosts },
  costs: { count: 10, handedOver: keepCosts, total: keepCosts ? { EUR: 1234.5 } : {} },
  notes: { count: 4, handedOver: keepNotes },
  reminders: { count: 2, handedOver: true },
  equipment: { count: 0, handedOver: true },
});
const summaryRoute = (req: { url: string }) => {
  const query = new URL(req.url, 'http://localhost').searchParams;
  return ok(summaryOf(query.get('keepCosts') === 'true', query.get('keepNotes') === 'true'));
};
const SUMMARY = `GET /api/v1.0/cars/${CAR.id}/sale-summary`;
const lines = () =>
  within(screen.getByTestId('sale-summary'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(() => {
  signedIn();
  activateCatalog('en-US');
});
afterEach(() => {
  setSignedIn(false);
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openAndFind(q: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Sell / transfer this car' }));
  fireEvent.change(await screen.findByLabelText('Buyer'), { target: { value: q } });
  fireEvent.click(screen.getByRole('button', { name: 'Find' }));
}

describe('SellCarSection', () => {
  it('an e-mail address is answered with "ask for their username"; an unknown username with "no member"', async () => {
    installFetch({
      'GET /api/v1.0/car-transfers': () => ok([]),
      'GET /api/v1.0/car-transfers/buyer': () => fail(404, 'NOT_FOUND', 'Member not found.'),
    });
    renderWithProviders(<SellCarSection car={CAR} />);
    await openAndFind('bruno@example.com');
    expect(
      await screen.findByText('E-mail addresses are not looked up: ask the buyer for their username.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buyer'), { target: { value: 'brunoo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No member has this username.')).toBeTruthy();
  });

  it.each([
    [429, 'CAR_TRANSFER_DAILY_LIMIT', 'You made 10 offers in the last 24 hours: try again tomorrow.'],
    [
      409,
      'CAR_TRANSFER_DECLINED_RECENTLY',
      'This member declined this car less than 7 days ago: you can offer it to them again after that.',
    ],
  ])('an offer refused %i %s says why', async (status, code, words) => {
    installFetch({
      'GET /api/v1.0/car-transfers': () => ok([]),
      'GET /api/v1.0/car-transfers/buyer': () => ok(BUYER),
      [SUMMARY]: summaryRoute,
      [`POST /api/v1.0/cars/${CAR.id}/transfers`]: () => fail(status, code, 'refused'),
    });
    renderWithProviders(<SellCarSection car={CAR} />);
    await openAndFind('bruno');
    expect(await screen.findByText('Buyer: Bruno Lane (@bruno)')).toBeTruthy();
    fireEvent.click(await screen.findByLabelText('I have checked what Bruno Lane will receive.'));
    fireEvent.click(screen.getByRole('button', { name: 'Offer the car' }));
    expect(await screen.findByText(words)).toBeTruthy();
  });

  it('a friend picked, says plainly what they will receive, follows the choices and waits for the confirmation', async () => {
    setSignedIn(true); // the friends list is the signed-in member's
    const { requests } = installFetch({
      'GET /api/v1.0/car-transfers': () => ok([]),
      'GET /api/v1.0/friends': () =>
        ok({ friends: [{ ...BUYER, city: null, email: 'b@example.com', friendsSince: '2026-01-01' }] }),
      [SUMMARY]: summaryRoute,
      [`POST /api/v1.0/cars/${CAR.id}/transfers`]: () =>
        ok({ id: 't1', toName: 'Bruno Lane' } as Partial<CarTransfer>),
    });
    renderWithProviders(<SellCarSection car={CAR} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sell / transfer this car' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose among my friends' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose the buyer' });
    fireEvent.click(await within(picker).findByText('Bruno Lane'));
    expect(await screen.findByText('Buyer: Bruno Lane (@bruno)')).toBeTruthy();
    expect(await screen.findByText('What Bruno Lane will receive')).toBeTruthy();
    await waitFor(() => expect(lines()).toHaveLength(7));
    expect(lines()).toEqual([
      '12 logs · handed over',
      '3 photos · handed over',
      '1 PDF receipt · handed over',
      '10 costs (€1,234.50) · handed over',
      '4 notes and places · handed over',
      '2 reminders · handed over',
      '0 tyre sets and equipment · handed over',
    ]);
    const offer = screen.getByRole('button', { name: 'Offer the car' }) as HTMLButtonElement;
    expect(offer.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have checked what Bruno Lane will receive.'));
    expect(offer.disabled).toBe(false);
    // Unticking the costs asks the server again, and the confirmation again.
    fireEvent.click(screen.getByLabelText('The costs of the logs, with their photos and receipts'));
    expect(offer.disabled).toBe(true);
    await waitFor(() => expect(lines()[1]).toBe('3 photos · not handed over'));
    expect(lines()[3]).toBe('10 costs · not handed over');
    expect(requests.some((r) => r.url.includes('keepCosts=false&keepNotes=true'))).toBe(true);
    fireEvent.click(screen.getByLabelText('I have checked what Bruno Lane will receive.'));
    fireEvent.click(offer);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      toUserId: BUYER.id,
      keepCosts: false,
      keepNotes: true,
    });
  });
});

describe('TransferOffers', () => {
  it('the buyer reads the same summary before accepting', async () => {
    setSignedIn(true);
    const offer: CarTransfer = {
      id: '44444444-4444-4444-8444-444444444444',
      carId: CAR.id,
      carName: 'DS',
      fromUserId: 'seller',
      fromName: 'Sam Seller',
      toUserId: TEST_USER.id,
      toName: 'Jane Doe',
      keepCosts: true,
      keepNotes: false,
      status: 'pending',
      createdAt: '2026-06-01T00:00:00.000Z',
      answeredAt: null,
    };
    installFetch({
      'GET /api/v1.0/car-transfers': () => ok([offer]),
      [`GET /api/v1.0/car-transfers/${offer.id}/summary`]: () => ok(summaryOf(true, false)),
    });
    renderWithProviders(<TransferOffers />);
    expect(await screen.findByText('What you will receive')).toBeTruthy();
    await waitFor(() => expect(lines()).toHaveLength(7));
    expect(lines()[4]).toBe('4 notes and places · not handed over');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });
});

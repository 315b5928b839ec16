// The sale dialog: the buyer is found by username; an e-mail address (which the server never looks
// up, answering every one alike) gets its own words; the offer's bounds (a daily limit, a recent
// decline) are said in the member's language.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Car } from '@/contract/garage';
import { signedIn } from '@/testing/api-client';
import { fail, installFetch, ok } from '@/testing/fetch';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { SellCarSection } from './sell-car-section';

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
      [`POST /api/v1.0/cars/${CAR.id}/transfers`]: () => fail(status, code, 'refused'),
    });
    renderWithProviders(<SellCarSection car={CAR} />);
    await openAndFind('bruno');
    expect(await screen.findByText('Buyer: Bruno Lane (@bruno)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Offer the car' }));
    expect(await screen.findByText(words)).toBeTruthy();
  });
});

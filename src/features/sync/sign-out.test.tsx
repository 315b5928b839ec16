// Logout that loses nothing (docs/OFFLINE-FIRST.md property 10), through the account menu.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderInRouter } from '@/testing/test-utils';
import { AccountMenu } from '@/app/layout/components/account-menu';
import { signOutLocally } from '@/lib/auth/sign-out';
import { db, localDb, resetLocalDatabaseForTests } from '@/lib/db';
import { clearLocalData, enqueue } from '@/lib/outbox';
import { carRow } from '@/testing/mirror-rows';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const PRECACHE = 'workbox-precache-v2-http://localhost:3000/';
const MEDIA = 'paddock-media';
let cacheNames: string[];
const cacheStorage = {
  keys: vi.fn(async () => [...cacheNames]),
  delete: vi.fn(async (name: string) => {
    cacheNames = cacheNames.filter((n) => n !== name);
    return true;
  }),
};

async function unsentWrites(count: number) {
  for (let i = 0; i < count; i += 1) {
    await enqueue(
      { kind: 'car.create', method: 'POST', path: '/cars', body: { type: 'json', json: { make: 'Alpine' } } },
      (database) => database.cars.put(carRow({ id: `car-${i}`, make: 'Alpine' })),
    );
  }
}

function clickSignOut() {
  fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
}

beforeEach(async () => {
  resetLocalDatabaseForTests('paddock-sign-out-test'); // one database, whichever member is signed in
  activateCatalog('en-US');
  setSignedIn(true);
  fakeSession.logout.mockClear();
  cacheNames = [PRECACHE, MEDIA];
  cacheStorage.keys.mockClear();
  cacheStorage.delete.mockClear();
  vi.stubGlobal('caches', cacheStorage);
  await clearLocalData(await localDb());
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await clearLocalData(await localDb());
});

describe('sign-out with unsent writes', () => {
  it('asks first, with "Stay" focused; "Stay" keeps everything', async () => {
    await unsentWrites(2);
    await renderInRouter(<AccountMenu />);
    clickSignOut();
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(
      within(dialog).getByText('2 changes have not been sent yet. Send first, or discard and sign out?'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send first' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Discard and sign out' })).toBeTruthy();
    const stay = within(dialog).getByRole('button', { name: 'Stay' });
    // The dialog moves focus in an effect, which may run just after it is on screen.
    await waitFor(() => expect(document.activeElement).toBe(stay));
    fireEvent.click(stay);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fakeSession.logout).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(2);
    expect(await db.cars.count()).toBe(2);
    expect(cacheStorage.delete).not.toHaveBeenCalled();
    // Focus goes back to the account button (the menu it came from has closed).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' }));
  });

  it('Escape answers "Stay" too', async () => {
    await unsentWrites(1);
    await renderInRouter(<AccountMenu />);
    clickSignOut();
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(
      within(dialog).getByText('1 change has not been sent yet. Send first, or discard and sign out?'),
    ).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Stay' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fakeSession.logout).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });

  it('"Discard and sign out" signs out, deletes the database and the runtime caches, keeps the precache', async () => {
    await unsentWrites(1);
    localStorage.setItem('selectedCar', 'car-0');
    await renderInRouter(<AccountMenu />);
    clickSignOut();
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and sign out' }));
    await waitFor(() => expect(fakeSession.logout).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(localStorage.getItem('selectedCar')).toBeNull());
    const reopened = await localDb();
    expect(await reopened.outbox.count()).toBe(0);
    expect(await reopened.cars.count()).toBe(0);
    await waitFor(() => expect(cacheNames).toEqual([PRECACHE]));
    expect(cacheStorage.delete).toHaveBeenCalledWith(MEDIA);
    expect(cacheStorage.delete).not.toHaveBeenCalledWith(PRECACHE);
  });
});

describe('"Send first"', () => {
  it('when the server refused a write, says so and offers to discard or stay', async () => {
    await unsentWrites(2);
    const first = (await db.outbox.orderBy('seq').first())!;
    await db.outbox.update(first.id, { status: 'failed', lastStatus: 403 });
    await db.outbox.where('id').notEqual(first.id).delete();
    await renderInRouter(<AccountMenu />);
    clickSignOut();
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send first' }));
    await within(dialog).findByText(/1 change was refused by the server/);
    expect(within(dialog).queryByRole('button', { name: 'Send first' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Discard and sign out' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fakeSession.logout).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });

  it('offline, says the changes cannot be sent now and keeps them until the member chooses', async () => {
    await unsentWrites(3);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderInRouter(<AccountMenu />);
    clickSignOut();
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send first' }));
    await within(dialog).findByText(/You are offline: 3 changes cannot be sent now/);
    expect(fakeSession.logout).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(3);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and sign out' }));
    await waitFor(() => expect(fakeSession.logout).toHaveBeenCalledTimes(1));
    await waitFor(async () => expect(await (await localDb()).outbox.count()).toBe(0));
  });
});

describe('sign-out without unsent writes', () => {
  it('does not ask, signs out and clears the device', async () => {
    await db.cars.put(carRow({ id: 'mirror-only', make: 'Alpine' }));
    await renderInRouter(<AccountMenu />);
    clickSignOut();
    await waitFor(() => expect(fakeSession.logout).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(async () => expect(await (await localDb()).cars.count()).toBe(0));
    await waitFor(() => expect(cacheNames).toEqual([PRECACHE]));
  });
});

describe('a 401 (signOutLocally)', () => {
  it('keeps the outbox and the mirror', async () => {
    await unsentWrites(2);
    signOutLocally();
    // A write transaction on both tables runs after any clear a listener started before it.
    await db.transaction('rw', db.outbox, db.cars, async () => {});
    expect(await db.outbox.count()).toBe(2);
    expect(await db.cars.count()).toBe(2);
    expect(cacheStorage.delete).not.toHaveBeenCalled();
  });
});

// The header's sync indicator and its panel, over real Dexie outbox rows (fake-indexeddb).
// jsdom's Blob does not survive structuredClone (jsdom #3363): stored files are Node Blobs.
import { Blob as NodeBlob } from 'node:buffer';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { api, ApiError } from '@/lib/http/api-client';
import { signedIn } from '@/testing/api-client';
import { installFetch, ok } from '@/testing/fetch';
import { SyncIndicator } from '@/app/layout/components/sync-indicator';
import { db } from '@/lib/db';
import {
  clearLocalData,
  createReplayer,
  DEPENDENCY_DISCARDED,
  enqueue,
  replayOutboxNow,
  type OutboxBody,
} from '@/lib/outbox';
import { scriptedSend } from '@/lib/outbox/test-helpers';
import type * as OutboxModule from '@/lib/outbox';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { registerOutboxHandlers } from '@/lib/outbox';

// The app registers every feature's handlers before the first replay; so do these screens.
beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));

// Dexie loads after the first screen in the app; here it may load at once.
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
// The replayer is the outbox's business (its own suites); here: did the panel ask for a replay?
vi.mock('@/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof OutboxModule>()),
  replayOutboxNow: vi.fn(async () => undefined),
}));

const LOG_PATH = '/cars/c1/logs';

function logBody(title = 'Oil change'): OutboxBody {
  return {
    type: 'json',
    json: { id: 'l1', carId: 'c1', type: 'maintenance', title, startDate: '2024-03-05', cost: 89.5 },
  };
}

/** An entry the server refused, the way the replayer records it. */
async function refusedEntry(kind: string, body: OutboxBody | undefined, status = 422) {
  const entry = await enqueue({ kind, method: 'POST', path: LOG_PATH, ...(body ? { body } : {}) });
  await db.outbox.update(entry.id, { status: 'failed', lastError: 'Title is too long', lastStatus: status });
  return entry;
}

async function openPanel() {
  fireEvent.click(screen.getByRole('button', { expanded: false }));
  const dialog = await screen.findByRole('dialog', { name: 'Changes on this device' });
  return dialog;
}

beforeEach(async () => {
  activateCatalog('en-US');
  await clearLocalData();
  vi.mocked(replayOutboxNow).mockClear();
});
afterEach(async () => {
  await clearLocalData();
});

describe('sync indicator', () => {
  it('shows the live pending and failed counts of the outbox', async () => {
    renderWithProviders(<SyncIndicator />);
    expect(await screen.findByRole('button', { name: 'All changes are sent' })).toBeTruthy();
    await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody() });
    await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody('Tyres') });
    expect(await screen.findByText('2 changes waiting to be sent')).toBeTruthy();
    expect(screen.getByTestId('sync-pending-count').textContent).toBe('2');
    await refusedEntry('car.create', { type: 'json', json: { make: 'Alpine', model: 'A110' } });
    expect(await screen.findByText('1 change needs your attention')).toBeTruthy();
    expect(screen.getByTestId('sync-failed-count').textContent).toBe('1');
    expect(screen.getByTestId('sync-pending-count').textContent).toBe('2');
  });

  it('opens the panel as a dialog; Escape closes it and focus returns to the button', async () => {
    renderWithProviders(<SyncIndicator />);
    const button = await screen.findByRole('button', { name: 'All changes are sent' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Changes on this device' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(await within(dialog).findByText('Nothing is waiting to be sent.')).toBeTruthy();
    expect(await within(dialog).findByText('Nothing needs your attention.')).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('"Sync now" replays the outbox', async () => {
    await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody() });
    renderWithProviders(<SyncIndicator />);
    await screen.findByText('1 change waiting to be sent');
    const dialog = await openPanel();
    const syncNow = await within(dialog).findByRole('button', { name: 'Sync now' });
    await waitFor(() => expect((syncNow as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(syncNow);
    await waitFor(() => expect(replayOutboxNow).toHaveBeenCalledTimes(1));
  });
});

describe('sync indicator: is the server there?', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does not say "All changes are sent" while the server cannot be reached, and says so', async () => {
    signedIn();
    let down = true;
    installFetch({
      'GET /api/v1.0/cars': () => {
        if (down) throw new TypeError('Failed to fetch');
        return ok([]);
      },
    });
    renderWithProviders(<SyncIndicator />);
    await act(async () => void (await api.get('/cars').catch(() => undefined)));
    const button = await screen.findByRole('button', { name: /Paddock cannot be reached right now/ });
    expect(button.textContent).toContain('Unreachable');
    expect(screen.queryByRole('button', { name: 'All changes are sent' })).toBeNull();
    // With a write waiting too: unreachable and the count, never "all sent".
    await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody() });
    expect(await screen.findByText('1 change waiting to be sent')).toBeTruthy();
    expect(screen.getByText('Unreachable')).toBeTruthy();
    await clearLocalData();

    down = false;
    await act(async () => void (await api.get('/cars')));
    expect(await screen.findByRole('button', { name: 'All changes are sent' })).toBeTruthy();
    expect(screen.queryByText('Unreachable')).toBeNull();
  });

  it('offline with a write waiting: offline and the count, never "all sent"', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody() });
    renderWithProviders(<SyncIndicator />);
    expect(await screen.findByText('1 change waiting to be sent')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.queryByText('All changes are sent')).toBeNull();
    expect(screen.queryByRole('button', { name: 'All changes are sent' })).toBeNull();
  });
});

describe('needs attention', () => {
  it('lists a refused entry with what it is, its content and the reason in our words', async () => {
    // Refused for real: the replayer records the 422 and goes on.
    const entry = await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody() });
    await createReplayer({ send: scriptedSend({ [LOG_PATH]: [422] }).send }).replay();
    expect((await db.outbox.get(entry.id))?.status).toBe('failed');

    renderWithProviders(<SyncIndicator />);
    const dialog = await openPanel();
    const card = await within(dialog).findByRole('article', { name: 'New car log: Oil change' });
    expect(within(card).getByText('Title').nextSibling?.textContent).toBe('Oil change');
    expect(within(card).getByText('Cost').nextSibling?.textContent).toBe('89.5');
    expect(within(card).getByText('Date').nextSibling?.textContent).toBe('Mar 5, 2024');
    expect(within(card).queryByText('l1')).toBeNull(); // ids are not content
    expect(within(card).getByText("The server's answer (error 422)")).toBeTruthy();
    // The reason comes from the catalog (by code, then status), not the server's English text.
    expect(within(card).getByText('The server cannot accept this change as it is.')).toBeTruthy();
    expect(within(card).queryByText('server said 422')).toBeNull();
  });

  it.each([
    // A car's new log refused 403 or 404: the car is no longer shared with me.
    [403, 'FORBIDDEN', 'Vous n’avez plus accès à cette voiture.'],
    [404, 'NOT_FOUND', 'Vous n’avez plus accès à cette voiture.'],
    [409, 'CONFLICT', 'Cela entre en conflit avec ce que le serveur a déjà.'],
    [413, 'PAYLOAD_TOO_LARGE', "C'est trop volumineux pour être envoyé."],
    [422, 'HTTP_422', 'Le serveur ne peut pas accepter cette modification telle quelle.'],
  ])('in French, a %i (%s) reads in French, never the server text', async (status, code, french) => {
    activateCatalog('fr-FR');
    const entry = await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody() });
    const refused = new ApiError(status, code, 'Car log not found in English');
    await createReplayer({ send: () => Promise.reject(refused) }).replay();
    expect((await db.outbox.get(entry.id))?.lastCode).toBe(code);

    renderWithProviders(<SyncIndicator />);
    fireEvent.click(screen.getByRole('button', { expanded: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifications sur cet appareil' });
    const card = await within(dialog).findByRole('article');
    expect(within(card).getByText(french)).toBeTruthy();
    expect(card.textContent).not.toContain('in English');
  });

  it('in French, a 400 names the refused fields in French', async () => {
    activateCatalog('fr-FR');
    await enqueue({ kind: 'carLog.create', method: 'POST', path: LOG_PATH, body: logBody() });
    const refused = new ApiError(400, 'VALIDATION_ERROR', 'Some fields are missing or invalid.', {
      fields: [
        { field: 'body.title', message: 'must NOT have more than 80 characters' },
        { field: 'body.secretInternal', message: 'is invalid' },
      ],
    });
    await createReplayer({ send: () => Promise.reject(refused) }).replay();
    renderWithProviders(<SyncIndicator />);
    fireEvent.click(screen.getByRole('button', { expanded: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifications sur cet appareil' });
    const card = await within(dialog).findByRole('article');
    expect(
      within(card).getByText('Certains champs sont manquants ou invalides. Champs refusés : Titre.'),
    ).toBeTruthy();
    expect(card.textContent).not.toContain('secretInternal');
  });

  it('a refused profile edit (username taken) is named and explained, in French too', async () => {
    activateCatalog('fr-FR');
    await enqueue({
      kind: 'profile.update',
      method: 'PUT',
      path: '/users/me',
      body: { type: 'json', json: { firstName: 'Janet', lastName: 'Doe', username: 'taken_name' } },
    });
    const refused = new ApiError(409, 'CONFLICT', 'This username is already taken.', {
      fields: [{ field: 'body.username', message: 'is already taken' }],
    });
    await createReplayer({ send: () => Promise.reject(refused) }).replay();
    renderWithProviders(<SyncIndicator />);
    fireEvent.click(screen.getByRole('button', { expanded: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifications sur cet appareil' });
    const card = await within(dialog).findByRole('article', { name: 'Modification du profil' });
    expect(within(card).getByText('Prénom').nextSibling?.textContent).toBe('Janet');
    expect(
      within(card).getByText(
        'Cela entre en conflit avec ce que le serveur a déjà. Champs refusés : Nom d’utilisateur.',
      ),
    ).toBeTruthy();
    expect(card.textContent).not.toContain('already taken');
  });

  it('shows the JSON of a multipart body and its file names; a generic label for other kinds', async () => {
    await refusedEntry('carLog.update', {
      type: 'form',
      parts: [
        { name: 'data', value: JSON.stringify({ title: 'Brakes', mileage: 120000 }) },
        { name: 'files', value: new NodeBlob(['x']) as unknown as Blob, filename: 'receipt.jpg' },
      ],
    });
    const other = await refusedEntry('future.kind', { type: 'json', json: { text: 'Hello' } });
    await db.outbox.update(other.id, { lastError: DEPENDENCY_DISCARDED });
    renderWithProviders(<SyncIndicator />);
    const dialog = await openPanel();
    const card = await within(dialog).findByRole('article', { name: 'Car log changes: Brakes' });
    expect(within(card).getByText('receipt.jpg')).toBeTruthy();
    expect(within(card).getByText('Mileage').nextSibling?.textContent).toBe('120,000');
    const generic = within(dialog).getByRole('article', { name: 'A change' });
    expect(within(generic).getByText('Hello')).toBeTruthy();
    expect(
      within(generic).getByText('It depended on a change you discarded, so it cannot be sent as it is.'),
    ).toBeTruthy();
  });

  it('names a refused set of tyres or equipment and a paper, their kind in words, in French too', async () => {
    await refusedEntry('equipment.update', {
      type: 'json',
      json: { kind: 'roof_box', name: 'Thule Motion', reminderDistance: 5000 },
    });
    await refusedEntry('carPaper.create', {
      type: 'form',
      parts: [
        { name: 'data', value: JSON.stringify({ id: 'p1', kind: 'insurance' }) },
        { name: 'file', value: new NodeBlob(['x']) as unknown as Blob, filename: 'paper' },
      ],
    });
    const view = renderWithProviders(<SyncIndicator />);
    let dialog = await openPanel();
    const set = await within(dialog).findByRole('article', {
      name: 'Tyres or equipment change: Thule Motion',
    });
    expect(within(set).getByText('Kind').nextSibling?.textContent).toBe('Roof box');
    const paper = within(dialog).getByRole('article', { name: 'New car paper' });
    expect(within(paper).getByText('Kind').nextSibling?.textContent).toBe('Insurance card');
    expect(dialog.textContent).not.toMatch(/roof_box|insurance\b|equipment\.update|carPaper\.create/);
    view.unmount();

    activateCatalog('fr-FR');
    renderWithProviders(<SyncIndicator />);
    fireEvent.click(screen.getByRole('button', { expanded: false }));
    dialog = await screen.findByRole('dialog', { name: 'Modifications sur cet appareil' });
    const frSet = await within(dialog).findByRole('article', {
      name: "Modification de pneus ou d'un équipement : Thule Motion",
    });
    expect(within(frSet).getByText('Type').nextSibling?.textContent).toBe('Coffre de toit');
    const frPaper = within(dialog).getByRole('article', { name: 'Nouveau papier du véhicule' });
    expect(within(frPaper).getByText('Type').nextSibling?.textContent).toBe("Attestation d'assurance");
  });

  it('Retry puts the entry back in the queue with a fresh key and replays', async () => {
    const entry = await refusedEntry('carLog.create', logBody());
    renderWithProviders(<SyncIndicator />);
    const dialog = await openPanel();
    const card = await within(dialog).findByRole('article', { name: 'New car log: Oil change' });
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await db.outbox.get(entry.id))?.status).toBe('pending'));
    const row = await db.outbox.get(entry.id);
    expect(row?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.body).toEqual(logBody());
    await waitFor(() => expect(replayOutboxNow).toHaveBeenCalled());
    expect(await within(dialog).findByText('Nothing needs your attention.')).toBeTruthy();
  });

  it('Edit and retry changes the JSON body in place and replays', async () => {
    const entry = await refusedEntry('carLog.create', logBody('A title far too long'));
    renderWithProviders(<SyncIndicator />);
    const dialog = await openPanel();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit and retry' }));
    const form = within(dialog).getByRole('form', { name: 'Edit New car log: A title far too long' });
    const title = within(form).getByLabelText('Title');
    expect(document.activeElement).toBe(title);
    expect(within(form).queryByLabelText('carId')).toBeNull();
    fireEvent.change(title, { target: { value: 'Oil' } });
    fireEvent.change(within(form).getByLabelText('Cost'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and retry' }));
    expect(await within(form).findByText('Enter a number.')).toBeTruthy();
    expect((await db.outbox.get(entry.id))?.status).toBe('failed');
    fireEvent.change(within(form).getByLabelText('Cost'), { target: { value: '75,20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and retry' }));
    await waitFor(async () => expect((await db.outbox.get(entry.id))?.status).toBe('pending'));
    const row = await db.outbox.get(entry.id);
    expect(row?.body).toEqual({
      type: 'json',
      json: { id: 'l1', carId: 'c1', type: 'maintenance', title: 'Oil', startDate: '2024-03-05', cost: 75.2 },
    });
    expect(row?.seq).toBe(entry.seq); // same place in the queue
    expect(replayOutboxNow).toHaveBeenCalled();
  });

  it('Edit and retry keeps a multipart body and its files', async () => {
    // Files by reference (a mediaBlobs row, as the garage stores them): Dexie's update cannot keep
    // an inline Node Blob under jsdom (it is not jsdom's Blob), a browser's Blob it keeps.
    const entry = await refusedEntry('carLog.create', {
      type: 'form',
      parts: [
        { name: 'data', value: JSON.stringify({ id: 'l1', title: 'Oil' }) },
        { name: 'files', blobId: 'b1', filename: 'receipt.jpg' },
        { name: 'files', blobId: 'b2', filename: 'invoice.pdf' },
      ],
    });
    renderWithProviders(<SyncIndicator />);
    const dialog = await openPanel();
    const card = await within(dialog).findByRole('article', { name: 'New car log: Oil' });
    expect(within(card).getByText('receipt.jpg')).toBeTruthy();
    expect(within(card).getByText('invoice.pdf')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Edit and retry' }));
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Oil and filter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and retry' }));
    await waitFor(async () => expect((await db.outbox.get(entry.id))?.status).toBe('pending'));
    expect((await db.outbox.get(entry.id))?.body).toEqual({
      type: 'form',
      parts: [
        { name: 'data', value: JSON.stringify({ id: 'l1', title: 'Oil and filter' }) },
        { name: 'files', blobId: 'b1', filename: 'receipt.jpg' },
        { name: 'files', blobId: 'b2', filename: 'invoice.pdf' },
      ],
    });
  });

  it('Discard asks first: "Keep it" keeps the entry, "Discard it" deletes it', async () => {
    const entry = await refusedEntry('carLog.create', logBody());
    renderWithProviders(<SyncIndicator />);
    const dialog = await openPanel();
    const card = await within(dialog).findByRole('article', { name: 'New car log: Oil change' });
    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Discard this change?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await db.outbox.get(entry.id)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Changes on this device' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Discard this change?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Discard it' }));
    await waitFor(async () => expect(await db.outbox.get(entry.id)).toBeUndefined());
    expect(await within(dialog).findByText('Nothing needs your attention.')).toBeTruthy();
  });
});

// "Your data" in the account settings: the download shows the bytes received while the
// ZIP streams, then hands the file to the browser; offline it says it needs a connection. Deleting
// the account asks for confirmation naming what is lost, shows a wrong password on its field, and on
// success clears the device like a logout and lands on the login page with a notice.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@/lib/auth/token';
import { toast } from '@/lib/toast';
import { json, ok } from '@/testing/fetch';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { DELETED_NOTICE_MS } from './components/delete-account';
import { API, endAccountTest, startAccountTest } from './testing/setup';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);
// The device's clearing itself (Dexie, the outbox, the runtime caches) is the sync feature's, tested there.
const { clearThisDevice } = vi.hoisted(() => ({ clearThisDevice: vi.fn(async () => {}) }));
vi.mock('@/features/sync', () => ({ clearThisDevice }));
vi.setConfig({ testTimeout: 30_000 });

// These tests are short: the offline engine the layout starts is loaded up front, so that its
// modules never arrive after a test's environment is gone.
beforeAll(async () => {
  await import('@/app/sync-session');
}, 60_000);
afterEach(endAccountTest);

const dataSection = () => within(screen.getByRole('region', { name: 'Your data' }));

/** A streamed answer whose chunks the test pushes one by one. */
function streamedZip() {
  let push!: (bytes: Uint8Array) => void;
  let close!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (bytes) => controller.enqueue(bytes);
      close = () => controller.close();
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="paddock-export-2026-11-27.zip"',
    },
  });
  return { response, push: (bytes: Uint8Array) => push(bytes), close: () => close() };
}

describe('download my data', () => {
  it('shows the bytes received as the ZIP streams, then saves it under the server’s name', async () => {
    const zip = streamedZip();
    const http = startAccountTest({ [`GET ${API}/users/me/export`]: () => zip.response });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (created.push(b), 'blob:zip'),
        revokeObjectURL: () => {},
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await renderApp('/account');
    await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(dataSection().getByRole('button', { name: 'Download my data' }));

    await act(async () => zip.push(new Uint8Array(1024)));
    expect((await dataSection().findByText('1 KB received…')).getAttribute('role')).toBe('status');
    await act(async () => zip.push(new Uint8Array(2 * 1024 * 1024)));
    expect(await dataSection().findByText('2 MB received…')).toBeTruthy();
    await act(async () => zip.close());

    expect(
      await dataSection().findByText('Your file is ready: your browser saves it with your downloads.'),
    ).toBeTruthy();
    expect(clicked).toEqual(['paddock-export-2026-11-27.zip']);
    expect(created[0]!.size).toBe(1024 + 2 * 1024 * 1024);
    expect(http.to('GET', `${API}/users/me/export`)[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('offline, says the download needs a connection and does not start it', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const http = startAccountTest();
    await renderApp('/account');
    await screen.findByRole('region', { name: 'Your data' });
    expect(dataSection().getByText('You are offline: the download needs a connection.')).toBeTruthy();
    const button = dataSection().getByRole('button', { name: 'Download my data' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(
      (dataSection().getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(button);
    expect(http.to('GET', `${API}/users/me/export`)).toHaveLength(0);
    vi.restoreAllMocks();
  });
});

describe('delete my account', () => {
  const open = async () => {
    await renderApp('/account');
    await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(dataSection().getByRole('button', { name: 'Delete my account' }));
    return within(await screen.findByRole('alertdialog', { name: 'Delete your account for good?' }));
  };

  it('names what is lost, and Cancel (which has the focus) sends nothing', async () => {
    const http = startAccountTest();
    clearThisDevice.mockClear();
    const dialog = await open();
    const lost = dialog.getAllByRole('listitem').map((li) => li.textContent);
    expect(lost).toEqual([
      'your cars',
      'their logs, fill-ups included',
      'your reminders',
      'your posts, with their comments and likes',
      'your messages, your friends and your notifications',
      'your photos, receipts and avatar',
    ]);
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(http.to('DELETE', `${API}/users/me`)).toHaveLength(0);
  });

  it('a wrong password is said on its field, in French, and nothing is cleared', async () => {
    startAccountTest({
      [`DELETE ${API}/users/me`]: () =>
        json(400, {
          success: false,
          error: {
            code: 'INVALID_CURRENT_PASSWORD',
            message: 'Your password is not correct.',
            fields: [{ field: 'password', message: 'is not your password' }],
          },
        }),
    });
    activateCatalog('fr-FR');
    await renderApp('/account');
    await screen.findByRole('region', { name: 'Vos données' });
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Vos données' })).getByRole('button', {
        name: 'Supprimer mon compte',
      }),
    );
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Supprimer définitivement votre compte ?' }),
    );
    expect(dialog.getByText('vos voitures')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Votre mot de passe'), { target: { value: 'not-it' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await dialog.findByRole('alert')).textContent).toBe("Ce n'est pas votre mot de passe actuel.");
    expect(dialog.getByLabelText('Votre mot de passe').getAttribute('aria-invalid')).toBe('true');
    expect(tokenStore.getAccessToken()).not.toBeNull();
  });

  it('an account without a password, signed in too long ago, is told to sign in again', async () => {
    startAccountTest({
      [`DELETE ${API}/users/me`]: () =>
        json(403, {
          success: false,
          error: {
            code: 'REAUTHENTICATION_REQUIRED',
            message: 'Sign in again, then delete your account within 5 minutes.',
          },
        }),
    });
    const dialog = await open();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete for good' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'For your safety, sign in again, then delete your account within 5 minutes.',
    );
    expect(tokenStore.getAccessToken()).not.toBeNull();
  });

  it('on success clears the device like a logout and lands on the login page with a notice', async () => {
    const http = startAccountTest({ [`DELETE ${API}/users/me`]: () => ok({ deleted: true }) });
    const { router } = await renderApp('/account');
    await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(dataSection().getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'my-secret-1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete for good' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(http.to('DELETE', `${API}/users/me`).map((r) => r.body)).toEqual([{ password: 'my-secret-1' }]);
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(tokenStore.getRefreshToken()).toBeNull();
    expect(clearThisDevice).toHaveBeenCalledTimes(1);
    const notice = toast.list().find((t) => t.message.startsWith('Your account is deleted.'));
    expect(notice).toMatchObject({ kind: 'success', durationMs: DELETED_NOTICE_MS });
    expect(DELETED_NOTICE_MS).toBe(10_000);
  });
});

// A profile edit made offline is kept on this device, shown at once and marked as
// waiting; once online it is sent exactly once with its Idempotency-Key; a refused one needs
// attention (the sync panel says why, tests in src/features/sync/sync-panel.test.tsx).
import { File as NodeFile } from 'node:buffer';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/testing/form-test-utils';
import { TEST_USER } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { replayOutboxNow } from '@/lib/outbox';
import type { PeopleServer } from '@/features/people/testing/people-server';
import { profileScreensPerTest, toasts } from '@/features/people/testing/screen-setup';
import { setUser } from '@/testing/session-user';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);

const API = '/api/v1.0';
let server: PeopleServer;
let offline: { mockRestore: () => void } | null = null;
profileScreensPerTest((s) => (server = s), { forms: true });
afterEach(() => {
  offline?.mockRestore();
  offline = null;
});

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const profileSaves = () => db.outbox.where('kind').equals('profile.update').toArray();
const puts = () => server.to('PUT', `${API}/users/me`);

function goOffline() {
  offline = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}
function goOnline() {
  offline?.mockRestore();
  offline = null;
  act(() => void window.dispatchEvent(new Event('online')));
}

/** Offline: edits the profile and saves; answers the queued entry. */
async function saveOffline(changes: Record<string, string>) {
  goOffline();
  const { router } = await renderApp('/edit-profile');
  expect(screen.getByText(/You are offline\. Your changes will be kept on this device/)).toBeTruthy();
  for (const [label, value] of Object.entries(changes)) fill(label, value);
  save();
  await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  const [entry] = await profileSaves();
  return entry;
}

describe('profile edits offline', () => {
  it('the save is kept on this device, shown at once and marked as waiting', async () => {
    const entry = await saveOffline({ 'First name': 'Janet', 'City (optional)': 'Paris' });
    expect(entry).toMatchObject({ method: 'PUT', path: '/users/me', status: 'pending' });
    expect(entry?.body).toEqual({
      type: 'json',
      json: { firstName: 'Janet', lastName: 'Doe', username: 'jane', city: 'Paris', bio: null },
    });
    expect(toasts()).toContain(
      'Your profile changes are kept on this device: they will be sent once you are back online.',
    );
    // The header and the offline copy show it at once; so does my profile, marked as waiting.
    expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Janet', city: 'Paris' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Janet Doe' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Your latest profile changes are kept on this device: they will be sent once you are back online.',
      ),
    ).toBeTruthy();
    expect(server.me.firstName).toBe('Jane'); // nothing reached the server
  });

  it('back online: sent once with its Idempotency-Key; the profile takes the answer', async () => {
    const entry = await saveOffline({ 'First name': 'Janet' });
    const before = puts().length; // attempts made while offline never reached the server
    goOnline();
    await waitFor(() => expect(server.me.firstName).toBe('Janet'));
    await waitFor(async () => expect(await profileSaves()).toHaveLength(0));
    await waitFor(() =>
      expect(screen.queryByText(/Your latest profile changes are kept on this device/)).toBeNull(),
    );
    // A later pass of the outbox, run to its end, has nothing left to send.
    await act(() => replayOutboxNow());
    const sent = puts().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Idempotency-Key')).toBe(entry?.id);
    expect(setUser).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'Janet' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Janet Doe' })).toBeTruthy();
  });

  it('a refused replay needs attention: kept with the reason, and my profile says so', async () => {
    server.takeUsername('taken_name');
    const entry = await saveOffline({ Username: 'taken_name' });
    goOnline();
    await waitFor(async () => expect((await db.outbox.get(entry?.id ?? ''))?.status).toBe('failed'));
    expect(await db.outbox.get(entry?.id ?? '')).toMatchObject({
      lastStatus: 409,
      lastCode: 'CONFLICT',
      lastFields: ['body.username'],
    });
    expect(
      await screen.findByText(
        'The server refused your latest profile changes: open the changes that need attention to fix or discard them.',
      ),
    ).toBeTruthy();
    expect(server.me.username).toBe('jane');
  });

  it('a picture picked offline is shown at once, then sent once online; the server has it', async () => {
    goOffline();
    const { router } = await renderApp('/edit-profile');
    // Node's File: jsdom's does not survive IndexedDB's structured clone (jsdom #3363).
    const photo = new NodeFile(['jpeg'], 'me.jpg', { type: 'image/jpeg' }) as unknown as File;
    fireEvent.change(await screen.findByLabelText('Choose a picture'), { target: { files: [photo] } });
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const [entry] = await db.outbox.where('kind').equals('profile.avatar').toArray();
    const [blob] = await db.mediaBlobs.toArray();
    expect(setUser).toHaveBeenLastCalledWith(expect.objectContaining({ avatar: `local:${blob?.id}` }));
    expect(
      await screen.findByText(
        'Your latest profile changes are kept on this device: they will be sent once you are back online.',
      ),
    ).toBeTruthy();
    goOnline();
    await waitFor(() => expect(server.me.avatar).toBe(`${API}/users/${TEST_USER.id}/avatar?v=v1`));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.mediaBlobs.count()).toBe(0);
    const uploads = server.to('PUT', `${API}/users/me/avatar`);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.headers.get('Idempotency-Key')).toBe(entry?.id);
    expect(setUser).toHaveBeenLastCalledWith(
      expect.objectContaining({ avatar: `${API}/users/${TEST_USER.id}/avatar?v=v1` }),
    );
  });
});

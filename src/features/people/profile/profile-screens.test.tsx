// profile, edit-profile and another member's profile, through the real router on the people API
// double: what each shows, the form's checks, the 409 on username, the avatar, the session update.
import { File as NodeFile } from 'node:buffer';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Quill from 'quill';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { TEST_USER } from '@/testing/session-mock';
import { ListFormData } from '@/testing/list-form-data';
import { renderApp } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { fail } from '@/testing/fetch';
import type { PeopleServer } from '@/features/people/testing/people-server';
import { profileScreensPerTest, toasts } from '@/features/people/testing/screen-setup';
import { setSessionUser, setUser } from '@/testing/session-user';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);

const API = '/api/v1.0';
const MIB = 1024 * 1024;
let server: PeopleServer;
profileScreensPerTest((s) => (server = s), { forms: true });

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
// Node's File, not jsdom's: the picture is kept in IndexedDB until sent, and jsdom's File does not
// survive structuredClone (jsdom #3363), as a browser's does.
const image = (name: string, type: string, size = 2048) => {
  const file = new NodeFile(['x'], name, { type }) as unknown as File;
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('profile', () => {
  it('shows my card, my friends count, and the ways to edit it, see my friends and my cars', async () => {
    server.me.bio = '<p>Track days and <strong>old Alpines</strong>.</p>';
    server.befriend(server.add());
    server.befriend(server.add());
    await renderApp('/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Jane Doe' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Jane Doe' })).toBeTruthy();
    expect(card.textContent).toContain('@jane');
    expect(card.textContent).toContain('Lyon');
    expect(within(card).getByTestId('avatar').textContent).toBe('J');
    const bio = await waitFor(() => {
      const found = document.querySelector('.rich-text');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(bio.innerHTML).toBe('<p>Track days and <strong>old Alpines</strong>.</p>');
    expect(await screen.findByText('2 friends')).toBeTruthy();
    expect(screen.getByRole('link', { name: /My friends/ }).getAttribute('href')).toBe('/friends');
    expect(screen.getByRole('link', { name: /My cars/ }).getAttribute('href')).toBe('/my-cars');
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/edit-profile');
    // The server's fresher copy (the bio) becomes the session's.
    await waitFor(() =>
      expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ bio: server.me.bio })),
    );
  });

  it('no bio, no friends: says so', async () => {
    await renderApp('/profile');
    expect(await screen.findByText('You have not written a bio yet.')).toBeTruthy();
    expect(await screen.findByText('No friends yet')).toBeTruthy();
    expect(setUser).not.toHaveBeenCalled(); // nothing changed
  });

  it('shows my avatar through the authorised fetch (256 px on the card)', async () => {
    server.me.avatar = `${API}/users/${TEST_USER.id}/avatar?v=v9`;
    setSessionUser({ ...TEST_USER, avatar: server.me.avatar });
    await renderApp('/profile');
    const card = screen.getByRole('region', { name: 'Jane Doe' });
    const img = await waitFor(() => {
      const found = within(card).getByTestId('avatar').querySelector('img');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(img.getAttribute('src')).toMatch(/^blob:test\//);
    // The header's account button asks for the 50 px size; the card for 256 px.
    const sizes = server
      .to('GET', `${API}/users/${TEST_USER.id}/avatar`)
      .map((r) => new URL(r.url, 'http://x').searchParams.get('size'));
    expect(sizes.sort()).toEqual(['256', '50']);
    const request = server
      .to('GET', `${API}/users/${TEST_USER.id}/avatar`)
      .find((r) => new URL(r.url, 'http://x').searchParams.get('size') === '256');
    expect(request!.headers.get('Authorization')).toMatch(/^Bearer /);
  });
});

describe('edit profile', () => {
  it('is filled with my profile; each field says what is wrong, and nothing is sent', async () => {
    await renderApp('/edit-profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Jane');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('jane');
    expect((screen.getByLabelText('City (optional)') as HTMLInputElement).value).toBe('Lyon');
    fill('First name', '   ');
    fill('Last name', 'x'.repeat(81));
    fill('Username', 'no spaces');
    fill('City (optional)', 'c'.repeat(121));
    save();
    expect(screen.getByRole('alert').textContent).toContain('Please correct the highlighted fields.');
    expect(errorOf('First name')).toContain('This field is required.');
    expect(errorOf('Last name')).toContain('Use at most 80 characters.');
    expect(errorOf('Username')).toContain('Use 3 to 30 letters, digits, dots, dashes or underscores.');
    expect(errorOf('City (optional)')).toContain('Use at most 120 characters.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
    expect(server.to('PUT', `${API}/users/me`)).toHaveLength(0);
    // Changing a field clears its message.
    fill('First name', 'Janet');
    expect(errorOf('First name')).toBeNull();
  });

  it('a username someone else has (409) is shown on the field', async () => {
    server.takeUsername('taken_name');
    await renderApp('/edit-profile');
    fill('Username', 'taken_name');
    save();
    await waitFor(() => expect(errorOf('Username')).toContain('This username is already taken.'));
    expect(screen.getByRole('alert').textContent).toContain('Please correct the highlighted fields.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    // Said in place: the refused save leaves the outbox, and the session is what it was.
    expect(setUser).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'jane' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeTruthy();
  });

  it('saves: PUT /users/me, the session gets the answer (header and offline copy), then my profile', async () => {
    const { router } = await renderApp('/edit-profile');
    fill('First name', ' Janet ');
    fill('Username', 'janet');
    fill('City (optional)', '');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(server.to('PUT', `${API}/users/me`)[0]?.body).toEqual({
      firstName: 'Janet',
      lastName: 'Doe',
      username: 'janet',
      city: null,
      bio: null,
    });
    expect(setUser).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: 'Janet', username: 'janet', city: null }),
    );
    expect(toasts()).toContain('Your profile is saved.');
    expect(await screen.findByRole('heading', { level: 2, name: 'Janet Doe' })).toBeTruthy();
  });

  it('writes the bio in the rich-text editor (at most 20000 characters of text)', async () => {
    await renderApp('/edit-profile');
    const root = await screen.findByRole('textbox', { name: /^Bio/ }, { timeout: 10_000 });
    const quill = Quill.find(root.parentElement as HTMLElement) as Quill;
    expect(screen.getByText('0 / 20,000 characters')).toBeTruthy();
    act(() => void quill.insertText(0, 'Loves hill climbs', 'user'));
    save();
    await waitFor(() => expect(server.to('PUT', `${API}/users/me`)).toHaveLength(1));
    expect((server.to('PUT', `${API}/users/me`)[0]?.body as { bio: string }).bio).toBe(
      '<p>Loves hill climbs</p>',
    );
  });

  it('the avatar: an image of at most 10 MiB, previewed, uploaded as multipart field "avatar"', async () => {
    const { router } = await renderApp('/edit-profile');
    const input = await screen.findByLabelText('Choose a picture');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(screen.getByRole('img', { name: 'No picture: your initial is shown' })).toBeTruthy();
    fireEvent.change(input, { target: { files: [image('notes.txt', 'text/plain')] } });
    expect(errorOf('Choose a picture')).toContain('Choose an image (JPEG, PNG, WebP…).');
    fireEvent.change(input, { target: { files: [image('big.jpg', 'image/jpeg', 10 * MIB + 1)] } });
    expect(errorOf('Choose a picture')).toContain('This picture is too large: at most 10 MB.');
    const picked = image('me.jpg', 'image/jpeg', 10 * MIB);
    fireEvent.change(input, { target: { files: [picked] } });
    expect(errorOf('Change the picture')).toBeNull();
    const preview = screen.getByRole('img', { name: 'Your picture' });
    await waitFor(() => expect(preview.querySelector('img')?.getAttribute('src')).toMatch(/^blob:test\//));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const [upload] = server.to('PUT', `${API}/users/me/avatar`);
    expect(upload?.body).toBeInstanceOf(ListFormData);
    // Through the outbox: with its Idempotency-Key, the file's name given with the part.
    expect(upload?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const sent = (upload?.body as ListFormData).get('avatar') as Blob & { filename: string };
    expect(sent.filename).toBe(picked.name);
    expect(sent.type).toBe('image/jpeg');
    expect(setUser).toHaveBeenLastCalledWith(
      expect.objectContaining({ avatar: `${API}/users/${TEST_USER.id}/avatar?v=v1` }),
    );
  });

  it('the avatar refused by the server: the fields are saved, the picture stays picked with the reason', async () => {
    server.once(`PUT ${API}/users/me/avatar`, () => fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'Not an image.'));
    const { router } = await renderApp('/edit-profile');
    fill('First name', 'Janet');
    fireEvent.change(await screen.findByLabelText('Choose a picture'), {
      target: { files: [image('fake.png', 'image/png')] },
    });
    save();
    await waitFor(() =>
      expect(errorOf('Change the picture')).toContain('Choose an image (JPEG, PNG, WebP…).'),
    );
    expect(screen.getByRole('alert').textContent).toContain('Your profile is saved, but not the picture.');
    expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Janet' }));
    expect(router.state.location.pathname).toBe('/edit-profile');
    // Said in place: the refused picture is not also "needs attention" in the sync panel.
    expect(await db.outbox.count()).toBe(0);
    expect(await db.mediaBlobs.count()).toBe(0);
  });

  it('removes the avatar: DELETE /users/me/avatar on save; "keep" takes it back', async () => {
    server.me.avatar = `${API}/users/${TEST_USER.id}/avatar?v=v7`;
    setSessionUser({ ...TEST_USER, avatar: server.me.avatar });
    const { router } = await renderApp('/edit-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the picture' }));
    expect(screen.getByRole('img', { name: 'No picture: your initial is shown' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep the picture' }));
    expect(screen.getByRole('img', { name: 'Your picture' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the picture' }));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(server.to('DELETE', `${API}/users/me/avatar`)).toHaveLength(1);
    expect(server.to('PUT', `${API}/users/me/avatar`)).toHaveLength(0);
    expect(setUser).toHaveBeenLastCalledWith(expect.objectContaining({ avatar: null }));
  });

  it('offline: the fields and the new picture are kept on this device, shown at once', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { router } = await renderApp('/edit-profile');
      fill('First name', 'Janet');
      fireEvent.change(await screen.findByLabelText('Choose a picture'), {
        target: { files: [image('me.jpg', 'image/jpeg')] },
      });
      save();
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      expect(toasts()).toContain(
        'Your profile changes are kept on this device: they will be sent once you are back online.',
      );
      const [fields] = await db.outbox.where('kind').equals('profile.update').toArray();
      expect(fields?.body).toMatchObject({ json: { firstName: 'Janet' } });
      const [picture] = await db.outbox.where('kind').equals('profile.avatar').toArray();
      expect(picture).toMatchObject({ method: 'PUT', path: '/users/me/avatar', dependsOn: [fields?.id] });
      const [blob] = await db.mediaBlobs.toArray();
      // The header and my profile show the picture from this device at once.
      expect(setUser).toHaveBeenLastCalledWith(
        expect.objectContaining({ firstName: 'Janet', avatar: `local:${blob?.id}` }),
      );
      expect(server.to('PUT', `${API}/users/me/avatar`)).toHaveLength(0);
    } finally {
      onLine.mockRestore();
    }
  });
});

describe("another member's profile", () => {
  it('not a friend: the card without the bio, and "Add friend"', async () => {
    const kim = server.add({
      firstName: 'Kim',
      lastName: 'Lee',
      username: 'kiml',
      city: 'Brest',
      bio: '<p>secret</p>',
    });
    await renderApp(`/people/${kim.id}`);
    const card = await screen.findByRole('region', { name: 'Kim Lee' });
    expect(card.textContent).toContain('@kiml');
    expect(card.textContent).toContain('Brest');
    expect(screen.getByText('Kim Lee shares a bio with friends only.')).toBeTruthy();
    expect(document.querySelector('.rich-text')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add friend: Kim Lee' }));
    await waitFor(() => expect(server.to('POST', `${API}/friends/request`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Cancel request: Kim Lee' })).toBeTruthy();
  });

  it('a friend: the bio, and removal asked first', async () => {
    const kim = server.add({ firstName: 'Kim', lastName: 'Lee', bio: '<p>Rallye <em>fan</em></p>' });
    server.befriend(kim);
    await renderApp(`/people/${kim.id}`);
    const card = await screen.findByRole('region', { name: 'Kim Lee' });
    expect(document.querySelector('.rich-text')?.innerHTML).toBe('<p>Rallye <em>fan</em></p>');
    expect(card.parentElement?.textContent).toContain('Friends');
    fireEvent.click(screen.getByRole('button', { name: 'Remove from friends: Kim Lee' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Kim Lee from your friends?' });
    expect(server.to('DELETE', `${API}/friends/${kim.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.to('DELETE', `${API}/friends/${kim.id}`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Add friend: Kim Lee' })).toBeTruthy();
    expect(document.querySelector('.rich-text')).toBeNull();
  });

  it('an unknown member: not found; myself: my own profile', async () => {
    const { router } = await renderApp('/people/44444444-4444-4444-8444-444444444444');
    expect(await screen.findByRole('heading', { name: 'This member does not exist' })).toBeTruthy();
    router.history.push(`/people/${TEST_USER.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});

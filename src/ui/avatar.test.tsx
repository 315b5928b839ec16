// The avatar: the picture when it loads, else the upper-cased first letter of the display name.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetch } from '@/testing/fetch';
import { signedIn } from '@/testing/api-client';
import { clearAvatarCache } from '@/lib/media/avatar-url';
import { Avatar } from './avatar';

const { createObjectURL } = URL;
beforeEach(() => {
  clearAvatarCache();
  URL.createObjectURL = () => 'blob:test/avatar';
});
afterEach(() => {
  clearAvatarCache();
  URL.createObjectURL = createObjectURL;
  vi.unstubAllGlobals();
});

const person = { firstName: 'élodie', lastName: 'Roux', username: 'elo', avatar: null };

describe('Avatar', () => {
  it('no picture: the upper-cased first letter of the display name', () => {
    render(<Avatar person={person} />);
    expect(screen.getByTestId('avatar').textContent).toBe('É');
    render(<Avatar person={{ firstName: '', lastName: ' ', username: 'zed', avatar: null }} />);
    expect(screen.getAllByTestId('avatar')[1]?.textContent).toBe('Z');
  });

  it('a picture that loads is shown (decorative); one that fails to decode falls back to the letter', async () => {
    signedIn();
    installFetch({
      'GET /api/v1.0/users/u1/avatar': () =>
        new Response('webp', { headers: { 'Content-Type': 'image/webp' } }),
    });
    render(<Avatar person={{ ...person, avatar: '/api/v1.0/users/u1/avatar?v=1' }} />);
    const avatar = screen.getByTestId('avatar');
    expect(avatar.textContent).toBe('É'); // while it loads
    const img = await waitFor(() => {
      const found = avatar.querySelector('img');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(img.getAttribute('src')).toBe('blob:test/avatar');
    expect(img.getAttribute('alt')).toBe('');
    fireEvent.error(img);
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.textContent).toBe('É');
  });

  it('a picture that cannot be fetched: the letter', async () => {
    signedIn();
    const server = installFetch({});
    render(<Avatar person={{ ...person, avatar: '/api/v1.0/users/u1/avatar?v=1' }} />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(screen.getByTestId('avatar').textContent).toBe('É');
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { TrustMenu } from './trust-menu';

const calls = vi.hoisted(() => [] as Array<{ method: string; path: string; body?: unknown }>);
vi.mock('@/lib/http/api-client', async (importOriginal) =>
  (await import('@/testing/api-mock')).apiClientWith(importOriginal, () => ({
    post: async (path: string, body?: unknown) => {
      calls.push({ method: 'POST', path, body });
      if (path === '/reports') return { id: 'r1', ...(body as object), reportedAt: '2026-01-01T00:00:00Z' };
      return { id: 'x', blocked: true, muted: true };
    },
    delete: async (path: string) => {
      calls.push({ method: 'DELETE', path });
      return { id: 'x', muted: false };
    },
  })),
);

// Block goes through the outbox (./data/blocks.test.ts covers it): recorded here as the call it makes.
vi.mock('./data/blocks', () => ({
  blockMember: async (userId: string) => {
    calls.push({ method: 'POST', path: `/users/${userId}/block`, body: undefined });
    return { sent: true, data: { id: userId, blocked: true } };
  },
}));

const POST = '5b1e6f7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const AUTHOR = '6c2f7a8b-2d3e-4f5a-9b0c-1d2e3f4a5b6c';

describe('trust menu and report form', () => {
  beforeEach(() => {
    calls.length = 0;
    activateCatalog('en-US');
  });

  it('reaches the report form in two taps, needs a reason, sends it and blocks at the same time', async () => {
    renderWithProviders(
      <TrustMenu targetType="post" targetId={POST} authorId={AUTHOR} label="Jane’s post" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More for Jane’s post' }));
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    expect(within(dialog).queryByText(/only this message/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    expect(calls).toEqual([]);
    for (const reason of [
      'Spam',
      'Harassment',
      'Hate speech',
      'Nudity or sexual content',
      'Violence',
      'Scam or fraud',
    ])
      expect(within(dialog).getByRole('radio', { name: reason })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Details/ }), {
      target: { value: ' rude ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also block this member' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByText(/the member is blocked/)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/reports',
        body: { targetType: 'post', targetId: POST, reason: 'other', details: 'rude' },
      },
      { method: 'POST', path: `/users/${AUTHOR}/block`, body: undefined },
    ]);
  });

  it('says a reported private message (and only it) is shared, in French too', () => {
    activateCatalog('fr-FR');
    renderWithProviders(<TrustMenu targetType="message" targetId={POST} authorId={AUTHOR} label="Jane" />);
    fireEvent.click(screen.getByRole('button', { name: 'Plus d’actions pour Jane' }));
    fireEvent.click(screen.getByRole('button', { name: 'Signaler' }));
    expect(
      screen.getByText('Ce message, et seulement ce message, sera transmis aux modérateurs.'),
    ).toBeTruthy();
  });

  it('blocks after asking, and mutes and unmutes a profile', async () => {
    const onBlocked = vi.fn();
    renderWithProviders(
      <TrustMenu
        targetType="user"
        targetId={AUTHOR}
        authorId={AUTHOR}
        label="Jane"
        canMute
        onBlocked={onBlocked}
      />,
    );
    const more = screen.getByRole('button', { name: 'More for Jane' });
    fireEvent.click(more);
    fireEvent.click(screen.getByRole('button', { name: 'Mute this member' }));
    expect(await screen.findByText('Member muted')).toBeTruthy();
    fireEvent.click(more);
    fireEvent.click(screen.getByRole('button', { name: 'Unmute this member' }));
    expect(await screen.findByText('Member unmuted')).toBeTruthy();
    fireEvent.click(more);
    fireEvent.click(screen.getByRole('button', { name: 'Block this member' }));
    const ask = screen.getByRole('alertdialog', { name: 'Block this member?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Block this member' }));
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /users/${AUTHOR}/mute`,
      `DELETE /users/${AUTHOR}/mute`,
      `POST /users/${AUTHOR}/block`,
    ]);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { PrivacySection } from './privacy-section';

const state = vi.hoisted(() => ({
  messagesFrom: 'friends',
  blocks: [] as Array<Record<string, unknown>>,
  calls: [] as string[],
}));
vi.mock('@/lib/http/api-client', async (importOriginal) =>
  (await import('@/testing/api-mock')).apiClientWith(importOriginal, () => ({
    get: async (path: string) => {
      state.calls.push(`GET ${path}`);
      return path === '/users/me/blocks' ? state.blocks : { messagesFrom: state.messagesFrom };
    },
    put: async (path: string, body: { messagesFrom: string }) => {
      state.calls.push(`PUT ${path} ${body.messagesFrom}`);
      state.messagesFrom = body.messagesFrom;
      return { messagesFrom: body.messagesFrom };
    },
    delete: async (path: string) => {
      state.calls.push(`DELETE ${path}`);
      state.blocks = [];
      return { id: 'b', blocked: false };
    },
  })),
);

// Unblock goes through the outbox (./data/blocks.test.ts covers it): recorded here as the call it makes.
vi.mock('./data/blocks', () => ({
  unblockMember: async (userId: string) => {
    state.calls.push(`DELETE /users/${userId}/block`);
    state.blocks = [];
    return { sent: true, data: { id: userId, blocked: false } };
  },
}));

describe('privacy settings', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    state.messagesFrom = 'friends';
    state.calls.length = 0;
    state.blocks = [
      {
        id: 'b',
        username: 'bob',
        firstName: 'Bob',
        lastName: 'B',
        avatar: null,
        blockedAt: '2026-01-01T00:00:00Z',
      },
    ];
  });

  it('sets who can send me private messages and unblocks a member', async () => {
    renderWithProviders(<PrivacySection />);
    const friends = await screen.findByRole('radio', { name: 'My friends only' });
    await vi.waitFor(() => expect((friends as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Every member' }));
    await vi.waitFor(() => expect(state.messagesFrom).toBe('everyone'));
    await vi.waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Every member' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Bob B' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    expect(state.calls).toContain('PUT /users/me/preferences everyone');
    expect(state.calls).toContain('DELETE /users/b/block');
  });
});

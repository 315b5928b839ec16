import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { renderApp } from '@/testing/test-utils';
import { signedOutEachTest } from '@/testing/signed-out';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
const posts = vi.hoisted(() => [] as Array<{ path: string; body: unknown }>);
vi.mock('@/lib/http/api-client', async (importOriginal) =>
  (await import('@/testing/api-mock')).apiClientWith(importOriginal, () => ({
    post: async (path: string, body: unknown) => {
      posts.push({ path, body });
      return { message: 'If an account exists…' };
    },
  })),
);

describe('forgot-password screen', () => {
  signedOutEachTest(() => {
    posts.length = 0;
  });

  it('checks the e-mail, then always shows the same confirmation', async () => {
    await renderApp('/forgot-password');
    await screen.findByLabelText('E-mail');
    fill('E-mail', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(errorOf('E-mail')).toContain('Enter a valid e-mail address.');
    expect(posts).toEqual([]);

    fill('E-mail', 'someone@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(
      screen.getByText('If an account exists for this e-mail, we sent it a link to reset the password.'),
    ).toBeTruthy();
    expect(posts).toEqual([{ path: '/auth/forgot-password', body: { email: 'someone@example.com' } }]);
  });
});

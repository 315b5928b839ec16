import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { renderApp } from '@/testing/test-utils';
import { signedOutEachTest } from '@/testing/signed-out';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const calls = vi.hoisted(() => ({
  get: [] as string[],
  post: [] as Array<{ path: string; body: unknown }>,
  tokenValid: true,
}));
vi.mock('@/lib/http/api-client', async (importOriginal) =>
  (await import('@/testing/api-mock')).apiClientWith(importOriginal, (actual) => ({
    get: async (path: string) => {
      calls.get.push(path);
      if (path.startsWith('/auth/validate-reset-token/') && calls.tokenValid) return { valid: true };
      throw new actual.ApiError(400, 'INVALID_RESET_TOKEN', 'Invalid or expired token');
    },
    post: async (path: string, body: unknown) => {
      calls.post.push({ path, body });
      return { message: 'ok' };
    },
  })),
);

describe('reset-password screen', () => {
  signedOutEachTest(() => {
    calls.get = [];
    calls.post = [];
  });

  it('validates the token on load and explains an invalid link, with a way to ask again', async () => {
    calls.tokenValid = false;
    await renderApp('/reset-password?token=expired-token');
    expect(await screen.findByRole('heading', { name: 'This link is not valid any more' })).toBeTruthy();
    expect(calls.get).toEqual(['/auth/validate-reset-token/expired-token']);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('treats a missing token as an invalid link without calling the server', async () => {
    await renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'This link is not valid any more' })).toBeTruthy();
    expect(calls.get).toEqual([]);
  });

  it('with a valid token, checks the confirmation and then saves the new password', async () => {
    calls.tokenValid = true;
    await renderApp('/reset-password?token=good-token');
    await screen.findByLabelText('New password');
    fill('New password', 'a-new-password');
    fill('Confirm the new password', 'something-else');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(errorOf('Confirm the new password')).toContain('The two passwords do not match.');
    expect(calls.post).toEqual([]);

    fill('Confirm the new password', 'a-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(calls.post).toEqual([
      { path: '/auth/reset-password', body: { token: 'good-token', newPassword: 'a-new-password' } },
    ]);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});

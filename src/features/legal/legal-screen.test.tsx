import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { signedOutEachTest } from '@/testing/signed-out';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
const gets = vi.hoisted(() => [] as Array<{ path: string; query: unknown }>);
vi.mock('@/lib/http/api-client', async (importOriginal) =>
  (await import('@/testing/api-mock')).apiClientWith(importOriginal, () => ({
    get: async (path: string, init?: { query?: unknown }) => {
      gets.push({ path, query: init?.query });
      return {
        type: 'terms',
        locale: 'en-US',
        title: 'Terms of use',
        updatedAt: '2026-01-15T00:00:00Z',
        paragraphs: ['First paragraph.', '<img src=x onerror=alert(1)> stays text'],
      };
    },
  })),
);

describe('legal screen', () => {
  signedOutEachTest(() => {
    gets.length = 0;
  });

  it('is reachable signed out, asks in the current locale and renders paragraphs as text', async () => {
    await renderApp('/legal/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    expect(gets).toEqual([{ path: '/legal/terms', query: { locale: 'en-US' } }]);
    expect(screen.getByText('<img src=x onerror=alert(1)> stays text')).toBeTruthy();
    expect(document.querySelector('article img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});

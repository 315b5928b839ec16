import { describe, expect, it } from 'vitest';
import { showAppBadge } from './app-badge';

function fakeNavigator(refuse = false) {
  const calls: string[] = [];
  return {
    calls,
    nav: {
      setAppBadge: (n?: number) => {
        calls.push(`set ${String(n)}`);
        return refuse ? Promise.reject(new Error('not installed')) : Promise.resolve();
      },
      clearAppBadge: () => {
        calls.push('clear');
        return Promise.resolve();
      },
    },
  };
}

describe('the app badge', () => {
  it('shows the unread count on the icon and clears it at 0', () => {
    const { calls, nav } = fakeNavigator();
    showAppBadge(3, nav);
    showAppBadge(0, nav);
    expect(calls).toEqual(['set 3', 'clear']);
  });

  it('a browser without the Badging API, or one that refuses, is left alone', async () => {
    expect(() => showAppBadge(2, {})).not.toThrow();
    const { calls, nav } = fakeNavigator(true);
    showAppBadge(2, nav);
    await Promise.resolve();
    expect(calls).toEqual(['set 2']);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { rememberDeepLink, takeDeepLink } from './deep-link';

describe('the link opened while signed out', () => {
  beforeEach(() => sessionStorage.clear());

  it('is taken once, with its search and hash', () => {
    rememberDeepLink('/post/42?from=mail#comment-7');
    expect(takeDeepLink()).toBe('/post/42?from=mail#comment-7');
    expect(takeDeepLink()).toBeNull();
  });

  it('is never another origin, the root or a public screen', () => {
    for (const href of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/',
      '/login',
      '/signup?x=1',
      '/legal/terms',
    ]) {
      rememberDeepLink(href);
      expect(takeDeepLink(), href).toBeNull();
    }
  });

  it('a later link replaces an earlier one', () => {
    rememberDeepLink('/my-cars');
    rememberDeepLink('/messages');
    expect(takeDeepLink()).toBe('/messages');
  });
});

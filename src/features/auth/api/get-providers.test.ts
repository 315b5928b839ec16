import { describe, expect, it } from 'vitest';
import { providerSignInUrl } from './get-providers';

describe('provider sign-in URL', () => {
  it('is a browser redirect under the API base', () => {
    expect(providerSignInUrl('google')).toBe('/api/v1.0/auth/google');
    expect(providerSignInUrl('a/b')).toBe('/api/v1.0/auth/a%2Fb');
  });
});

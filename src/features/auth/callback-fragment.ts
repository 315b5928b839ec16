/** What the provider flow put in the URL fragment: `#token=…&refreshToken=…` or `#error=CODE`. */
export type CallbackResult =
  { kind: 'tokens'; token: string; refreshToken: string } | { kind: 'error'; code: string };

export function parseCallbackFragment(hash: string): CallbackResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  const refreshToken = params.get('refreshToken');
  if (token && refreshToken) return { kind: 'tokens', token, refreshToken };
  // Only a short code is shown (translated); anything odd in the fragment becomes the generic one.
  const code = params.get('error') ?? 'MISSING_TOKENS';
  return { kind: 'error', code: /^[A-Z0-9_]{1,64}$/.test(code) ? code : 'UNKNOWN' };
}

const ERROR_KEYS: Record<string, string> = {
  ACCESS_DENIED: 'AUTH.CALLBACK_ERROR_ACCESS_DENIED',
  PROVIDER_ERROR: 'AUTH.CALLBACK_ERROR_PROVIDER',
  OIDC_ERROR: 'AUTH.CALLBACK_ERROR_PROVIDER',
  INVALID_STATE: 'AUTH.CALLBACK_ERROR_PROVIDER',
  EMAIL_IN_USE: 'AUTH.CALLBACK_ERROR_EMAIL_IN_USE',
  CONFLICT: 'AUTH.CALLBACK_ERROR_EMAIL_IN_USE',
};

export function callbackErrorKey(code: string): string {
  return ERROR_KEYS[code] ?? 'AUTH.CALLBACK_ERROR_GENERIC';
}

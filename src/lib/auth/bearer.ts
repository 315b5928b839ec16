// The access token for a request that cannot go through the API client (an image fetched for an
// object URL): the stored one while it is valid, else a refreshed one; null when signed out or
// when the refresh fails (the caller shows its placeholder and asks again later).
import { isTokenExpired, tokenStore } from './token';

export async function freshBearer(): Promise<string | null> {
  const token = tokenStore.getAccessToken();
  if (token && !isTokenExpired(token, { missingExpIsExpired: true })) return token;
  if (!tokenStore.getRefreshToken()) return null;
  try {
    return await (await import('./refresh')).refreshTokens();
  } catch {
    return null;
  }
}

// Test helper: the api client and its collaborators as a fresh start-up sees them.
import { vi } from 'vitest';
import { tokenExpiringIn } from './jwt';

export const API = '/api/v1.0';

export async function loadApiClient() {
  vi.resetModules();
  const client = await import('@/lib/http/api-client');
  const refresh = await import('@/lib/auth/refresh');
  const navigation = await import('@/lib/navigation');
  const { toast } = await import('@/lib/toast');
  const core = await import('@/lib/i18n/core');
  const navigate = vi.fn();
  navigation.registerNavigator(navigate);
  return { ...client, refresh, toast, core, navigate };
}

/** Stores a valid access token and a refresh token, as a signed-in member has them. */
export function signedIn(access = tokenExpiringIn(3600)): string {
  localStorage.setItem('access_token', access);
  localStorage.setItem('refresh_token', 'r1');
  return access;
}

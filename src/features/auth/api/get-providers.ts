import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { API_BASE } from '@/lib/http/api-base';

/** An outside sign-in provider configured on the server (OIDC). */
export type AuthProvider = { name: string; label: string };

export function getProviders(): Promise<AuthProvider[]> {
  return api.get<AuthProvider[]>('/auth/providers');
}

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: getProviders,
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useProviders() {
  return useQuery(providersQueryOptions());
}

// The provider flow is a full browser redirect through the API (not fetch): it ends on
// /auth/callback#token=….
export function providerSignInUrl(name: string): string {
  return `${API_BASE}/auth/${encodeURIComponent(name)}`;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

/** 200 {valid:true}, or 400 INVALID_RESET_TOKEN (an ApiError). */
export function validateResetToken(token: string): Promise<{ valid: boolean }> {
  return api.get<{ valid: boolean }>(`/auth/validate-reset-token/${encodeURIComponent(token)}`);
}

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token] as const,
    queryFn: () => validateResetToken(token),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    networkMode: 'always',
  });

export function useResetTokenValidity(token: string) {
  return useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
}

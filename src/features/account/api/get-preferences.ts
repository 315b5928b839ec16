import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@/contract/account';
import { api } from '@/lib/http/api-client';
import { accountKeys } from './keys';

/** GET /users/me/preferences: which notifications I get (each on unless I turned it off). */
export function getPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/users/me/preferences', { signal });
}

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.preferences(),
    queryFn: ({ signal }) => getPreferences(signal),
  });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

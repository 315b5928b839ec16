import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferenceKey,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@/contract/account';
import { api } from '@/lib/http/api-client';
import { accountKeys } from './keys';

/** PUT /users/me/preferences: changes the fields given, answers them all. */
export function updatePreferences(changes: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>('/users/me/preferences', changes);
}

export type PreferenceChange = { key: NotificationPreferenceKey; value: boolean };

/**
 * One switch, saved at once: the screen shows the new state before the server answers and goes
 * back to the old one if it refuses. Only the switch that failed goes back, so a quick second
 * switch that did save is kept.
 */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  const key = accountKeys.preferences();
  const setOne = (change: PreferenceChange) =>
    queryClient.setQueryData<NotificationPreferences>(key, (old) =>
      old ? { ...old, [change.key]: change.value } : old,
    );
  return useMutation({
    mutationFn: ({ key: field, value }: PreferenceChange) => updatePreferences({ [field]: value }),
    networkMode: 'always',
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key)?.[change.key];
      setOne(change);
      return { before };
    },
    onError: (_error, change, context) => {
      if (context?.before !== undefined) setOne({ key: change.key, value: context.before });
    },
    onSuccess: (saved, change) => {
      // The server's word for this switch; the others may have a save of their own in flight.
      setOne({ key: change.key, value: saved[change.key] });
    },
  });
}

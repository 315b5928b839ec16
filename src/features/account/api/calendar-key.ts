import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@/contract/reminder-delivery';
import { api } from '@/lib/http/api-client';
import { accountKeys } from './keys';

const calendarKey = () => [...accountKeys.all, 'calendar-key'] as const;

/** GET /reminders/calendar-key: my calendar feed's URL (made on first ask). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarKey(),
    queryFn: ({ signal }) => api.get<CalendarFeed>('/reminders/calendar-key', { signal }),
  });
}

/** POST /reminders/calendar-key/renew: a new URL; the old one stops working at once. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/reminders/calendar-key/renew'),
    onSuccess: (feed) => queryClient.setQueryData(calendarKey(), feed),
  });
}

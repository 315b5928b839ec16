import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '@/lib/realtime/socket';
import { refreshAll } from '../api/friendship-cache';

/**
 * A 'friend' notification (a request received, a request accepted) arrived over the socket: my
 * friends, requests, suggestions and the people I see are refreshed. Mount where they show.
 */
export function useFriendsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => realtime.on('friend', () => void refreshAll(queryClient)), [queryClient]);
}

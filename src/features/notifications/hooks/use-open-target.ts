import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { NotificationTarget } from '../notification-content';

/** Goes where a notification points: the post (at its comment), message, request, room or car. */
export function useOpenTarget(): (target: NotificationTarget) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: NotificationTarget) => {
      switch (target.to) {
        case '/message/$id':
        case '/car/$id':
          void navigate({ to: target.to, params: target.params });
          return;
        case '/post/$id':
          void navigate({ to: target.to, params: target.params, hash: target.hash });
          return;
        case '/chat/$roomId':
          void navigate({ to: target.to, params: target.params });
          return;
        case '/my-cars/$carId/logs/$logId':
          void navigate({ to: target.to, params: target.params });
          return;
        case '/friends':
          void navigate({ to: target.to, search: target.search ?? {} });
          return;
        default:
          void navigate({ to: target.to });
      }
    },
    [navigate],
  );
}

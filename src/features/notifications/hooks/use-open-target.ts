import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { setSelectedCar } from '@/features/garage';
import type { NotificationTarget } from '../notification-content';

/** Goes where a notification points; a car first becomes the garage's selected car (spec §9). */
export function useOpenTarget(): (target: NotificationTarget) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: NotificationTarget) => {
      switch (target.to) {
        case '/message/$id':
          void navigate({ to: target.to, params: target.params });
          return;
        case '/chat/$roomId':
          void navigate({ to: target.to, params: target.params });
          return;
        case '/edit-car-log/$carId/$logId':
          void navigate({ to: target.to, params: target.params });
          return;
        case '/friends':
          void navigate({ to: target.to, search: target.search ?? {} });
          return;
        case '/my-cars':
          if (target.selectCarId) setSelectedCar(target.selectCarId);
          void navigate({ to: target.to });
          return;
        default:
          void navigate({ to: target.to });
      }
    },
    [navigate],
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { MyCarsScreen } from '@/features/cars/my-cars-screen';

export const Route = createFileRoute('/_authenticated/my-cars')({
  // The selected car's log sync starts with the navigation, beside the screen's chunk (a dynamic
  // import: the garage's data layer pulls Dexie and stays out of the entry). Not on a hover's
  // preload; a failure is left to the screen's own refresh, which reports it.
  loader: ({ preload }) => {
    if (preload) return;
    void import('@/features/garage/data/sync')
      .then((sync) => sync.syncSelectedCarLogsEarly())
      .catch(() => undefined);
  },
  component: MyCarsScreen,
});

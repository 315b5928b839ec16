import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '@/features/layout/not-built-yet';

export const Route = createFileRoute('/_authenticated/my-cars')({
  component: () => <NotBuiltYet titleKey="CARS.MY_CARS_TITLE" />,
});

import { createFileRoute } from '@tanstack/react-router';
import { MyCarsScreen } from '@/features/cars/my-cars-screen';

export const Route = createFileRoute('/_authenticated/my-cars')({ component: MyCarsScreen });

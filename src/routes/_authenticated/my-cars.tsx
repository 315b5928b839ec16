import { createFileRoute } from '@tanstack/react-router';
import { MyCarsScreen } from '@/features/garage/cars/my-cars-screen';

export const Route = createFileRoute('/_authenticated/my-cars')({ component: MyCarsScreen });

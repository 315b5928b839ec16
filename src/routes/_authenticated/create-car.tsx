import { createFileRoute } from '@tanstack/react-router';
import { CarFormScreen } from '@/features/cars/car-form-screen';

export const Route = createFileRoute('/_authenticated/create-car')({ component: () => <CarFormScreen /> });

import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '@/features/people/profile/profile-screen';

export const Route = createFileRoute('/_authenticated/profile')({ component: ProfileScreen });

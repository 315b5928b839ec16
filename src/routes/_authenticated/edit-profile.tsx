import { createFileRoute } from '@tanstack/react-router';
import { EditProfileScreen } from '@/features/people/profile/edit-profile-screen';

export const Route = createFileRoute('/_authenticated/edit-profile')({ component: EditProfileScreen });

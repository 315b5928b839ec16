import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '@/features/layout/not-built-yet';

export const Route = createFileRoute('/_authenticated/profile')({
  component: () => <NotBuiltYet titleKey="PROFILE.TITLE" />,
});

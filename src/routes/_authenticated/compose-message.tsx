import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '@/features/layout/not-built-yet';

export const Route = createFileRoute('/_authenticated/compose-message')({
  component: () => <NotBuiltYet titleKey="MESSAGES.COMPOSE_TITLE" />,
});

import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '@/features/layout/not-built-yet';

export const Route = createFileRoute('/_authenticated/message/$id')({
  component: () => <NotBuiltYet titleKey="MESSAGES.MESSAGE_TITLE" />,
});

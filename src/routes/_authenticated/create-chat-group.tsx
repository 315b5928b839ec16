import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '@/features/layout/not-built-yet';

export const Route = createFileRoute('/_authenticated/create-chat-group')({
  component: () => <NotBuiltYet titleKey="CHAT.CREATE_GROUP_TITLE" />,
});

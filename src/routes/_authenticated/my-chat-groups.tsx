import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '@/features/layout/not-built-yet';

export const Route = createFileRoute('/_authenticated/my-chat-groups')({
  component: () => <NotBuiltYet titleKey="CHAT.MY_GROUPS_TITLE" />,
});

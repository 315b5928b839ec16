import { createFileRoute } from '@tanstack/react-router';
import { CreateGroupScreen } from '@/features/chat/create-group-screen';

export const Route = createFileRoute('/_authenticated/create-chat-group')({
  component: CreateGroupScreen,
});

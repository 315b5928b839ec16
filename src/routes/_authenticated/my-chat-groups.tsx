import { createFileRoute } from '@tanstack/react-router';
import { ChatHomeScreen } from '@/features/chat/chat-home-screen';

export const Route = createFileRoute('/_authenticated/my-chat-groups')({
  component: ChatHomeScreen,
});

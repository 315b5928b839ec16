import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '@/features/layout/not-built-yet';

export const Route = createFileRoute('/_authenticated/my-posts')({
  component: () => <NotBuiltYet titleKey="POSTS.MY_POSTS_TITLE" />,
});

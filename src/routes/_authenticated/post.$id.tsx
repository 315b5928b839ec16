import { createFileRoute } from '@tanstack/react-router';
import { PostScreen } from '@/features/posts/post-screen';
import { useMarkRelatedRead } from '@/features/notifications';

export const Route = createFileRoute('/_authenticated/post/$id')({ component: PostRoute });

function PostRoute() {
  const { id } = Route.useParams();
  // Opening the post reads its likes' and comments' notifications, on every device.
  useMarkRelatedRead('post', id);
  return <PostScreen postId={id} />;
}

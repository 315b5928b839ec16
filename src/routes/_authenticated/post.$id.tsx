import { createFileRoute } from '@tanstack/react-router';
import { PostScreen } from '@/features/posts/post-screen';

export const Route = createFileRoute('/_authenticated/post/$id')({ component: PostRoute });

function PostRoute() {
  const { id } = Route.useParams();
  return <PostScreen postId={id} />;
}

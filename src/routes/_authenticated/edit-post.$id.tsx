import { createFileRoute } from '@tanstack/react-router';
import { EditPostScreen } from '@/features/posts/post-form-screen';

export const Route = createFileRoute('/_authenticated/edit-post/$id')({ component: EditPostRoute });

function EditPostRoute() {
  const { id } = Route.useParams();
  return <EditPostScreen postId={id} />;
}

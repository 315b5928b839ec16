import { createFileRoute } from '@tanstack/react-router';
import { CreatePostScreen } from '@/features/posts/post-form-screen';

/** `?carLogId=` shares that log as the post's card (build threads). */
interface CreatePostSearch {
  carLogId?: string;
}

export const Route = createFileRoute('/_authenticated/create-post')({
  validateSearch: (search: Record<string, unknown>): CreatePostSearch =>
    typeof search.carLogId === 'string' && search.carLogId ? { carLogId: search.carLogId } : {},
  component: CreatePostRoute,
});

function CreatePostRoute() {
  const { carLogId } = Route.useSearch();
  return <CreatePostScreen key={carLogId ?? ''} carLogId={carLogId} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { CreatePostScreen } from '@/features/posts/post-form-screen';
import { forgetShare, sharedPostContent, useSharedItem } from '@/features/share';
import { useT } from '@/lib/i18n';
import { Page } from '@/ui/page';
import { SkeletonRows } from '@/ui/skeleton';

/**
 * `?carLogId=` shares that log as the post's card (build threads); `?share=` starts the post from
 * what another app shared (its words and photos, /share), forgotten once the post is saved.
 */
interface CreatePostSearch {
  carLogId?: string;
  share?: string;
}

const id = (value: unknown) => (typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined);

export const Route = createFileRoute('/_authenticated/create-post')({
  validateSearch: (search: Record<string, unknown>): CreatePostSearch => {
    const carLogId = typeof search.carLogId === 'string' && search.carLogId ? search.carLogId : undefined;
    const share = id(search.share);
    return { ...(carLogId ? { carLogId } : {}), ...(share ? { share } : {}) };
  },
  component: CreatePostRoute,
});

function CreatePostRoute() {
  const { carLogId, share } = Route.useSearch();
  if (share && !carLogId) return <SharedPostRoute key={share} shareId={share} />;
  return <CreatePostScreen key={carLogId ?? ''} carLogId={carLogId} />;
}

/** The composer started with the share's words and its photos (a share used or gone: an empty one). */
function SharedPostRoute({ shareId }: { shareId: string }) {
  const t = useT();
  const item = useSharedItem(shareId);
  if (item === undefined)
    return (
      <Page title={t('POSTS.CREATE_TITLE')}>
        <SkeletonRows count={2} label={t('POSTS.LOADING')} />
      </Page>
    );
  return (
    <CreatePostScreen
      prefill={
        item
          ? { content: sharedPostContent(item), images: item.files, onSaved: () => forgetShare(item.id) }
          : undefined
      }
    />
  );
}

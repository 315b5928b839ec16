import { createFileRoute } from '@tanstack/react-router';
import { TagPosts } from '@/features/posts';
import { useT } from '@/lib/i18n';
import { BackButton } from '@/ui/back-button';
import { Page } from '@/ui/page';

// A tag's page: `#tag` in a post or a comment links here (docs/SPEC-NOTES.md "Hashtags and mentions").
export const Route = createFileRoute('/_authenticated/tags/$tag')({ component: TagRoute });

function TagRoute() {
  const t = useT();
  const { tag } = Route.useParams();
  return (
    <Page back={<BackButton />} title={t('TAGS.PAGE_TITLE', { tag })}>
      <TagPosts key={tag} tag={tag} />
    </Page>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { ShareScreen } from '@/features/share';

/** `?id=`: the share the service worker kept (sw/sw.ts, the manifest's share_target). */
interface ShareSearch {
  id?: string;
}

export const Route = createFileRoute('/_authenticated/share')({
  validateSearch: (search: Record<string, unknown>): ShareSearch =>
    typeof search.id === 'string' && /^[\w-]{1,64}$/.test(search.id) ? { id: search.id } : {},
  component: ShareRoute,
});

function ShareRoute() {
  const { id } = Route.useSearch();
  return <ShareScreen key={id ?? ''} shareId={id} />;
}

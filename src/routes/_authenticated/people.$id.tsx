import { createFileRoute } from '@tanstack/react-router';
import { useMarkRelatedRead } from '@/features/notifications';
import { PersonScreen } from '@/features/people/profile/person-screen';

export const Route = createFileRoute('/_authenticated/people/$id')({ component: PersonRoute });

function PersonRoute() {
  const { id } = Route.useParams();
  // Their friend request or acceptance is read once their profile is open.
  useMarkRelatedRead('friend', id);
  // A new member, a new screen: nothing of the previous one's state carries over.
  return <PersonScreen key={id} id={id} />;
}

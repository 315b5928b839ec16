import { createFileRoute } from '@tanstack/react-router';
import { PersonScreen } from '@/features/people/profile/person-screen';

export const Route = createFileRoute('/_authenticated/people/$id')({ component: PersonRoute });

function PersonRoute() {
  const { id } = Route.useParams();
  // A new member, a new screen: nothing of the previous one's state carries over.
  return <PersonScreen key={id} id={id} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { MemberCars, memberCarsKey } from '@/features/cars';
import { useMarkRelatedRead } from '@/features/notifications';
import type { MemberSection } from '@/features/people/profile/member-sections';
import { PersonScreen } from '@/features/people/profile/person-screen';
import { MemberPosts, memberPostsKey } from '@/features/posts';

export const Route = createFileRoute('/_authenticated/people/$id')({ component: PersonRoute });

/** A friend's profile shows their cars and their posts: the route composes the three features. */
const FRIEND_SECTIONS: readonly MemberSection[] = [
  {
    key: 'cars',
    render: (member) => <MemberCars ownerId={member.id} name={member.name} />,
    queryKey: memberCarsKey,
  },
  {
    key: 'posts',
    render: (member) => <MemberPosts memberId={member.id} name={member.name} />,
    queryKey: memberPostsKey,
  },
];

function PersonRoute() {
  const { id } = Route.useParams();
  // Their friend request or acceptance is read once their profile is open.
  useMarkRelatedRead('friend', id);
  // A new member, a new screen: nothing of the previous one's state carries over.
  return <PersonScreen key={id} id={id} sections={FRIEND_SECTIONS} />;
}

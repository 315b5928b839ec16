import { createFileRoute } from '@tanstack/react-router';
import type { MemberSection } from '@/features/people/profile/member-sections';
import { ProfileScreen } from '@/features/people/profile/profile-screen';
import { MemberPosts, memberPostsKey } from '@/features/posts';

export const Route = createFileRoute('/_authenticated/profile')({ component: ProfileRoute });

/** My profile shows my posts below: the route composes the people and the feed. */
const MY_SECTIONS: readonly MemberSection[] = [
  {
    key: 'posts',
    render: (member) => <MemberPosts memberId={member.id} name={member.name} />,
    queryKey: memberPostsKey,
  },
];

function ProfileRoute() {
  return <ProfileScreen sections={MY_SECTIONS} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { GroupSettingsScreen } from '@/features/chat/group-settings-screen';

export const Route = createFileRoute('/_authenticated/chat-group/$id')({ component: GroupSettingsRoute });

function GroupSettingsRoute() {
  const { id } = Route.useParams();
  return <GroupSettingsScreen key={id} id={id} />;
}

import { Avatar } from '@/ui/avatar';
import { otherParticipant, type ChatRoomRow } from '../data/types';

/** A direct room shows the other participant's picture; a group room the first letter of its name. */
export function RoomAvatar({ room, meId }: { room: ChatRoomRow; meId: string | undefined }) {
  const other = otherParticipant(room, meId);
  if (other) return <Avatar person={other} />;
  return (
    <span className="chat-room-avatar--group">
      <Avatar person={{ avatar: null, username: room.name ?? '#' }} />
    </span>
  );
}

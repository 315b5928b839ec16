// The recipient a link names (/compose-message?to={userId}, /chat/with/{userId}), read from
// GET /users/{id}: the names and avatar a conversation shows, and whether they are a friend (only
// friends can be written to). Messages and chat reach the people feature through here.
import { useMemo } from 'react';
import type { MessageParticipant } from '@/contract/messages';
import { usePerson } from '@/features/people';

export type LinkedRecipient = MessageParticipant & { isFriend: boolean };

/** `recipient` is null while loading, offline with nothing kept, or for an unknown id. */
export function useLinkedRecipient(userId: string): {
  isPending: boolean;
  recipient: LinkedRecipient | null;
} {
  const person = usePerson(userId);
  const data = person.data;
  const recipient = useMemo<LinkedRecipient | null>(
    () =>
      data
        ? {
            id: data.id,
            username: data.username,
            firstName: data.firstName,
            lastName: data.lastName,
            avatar: data.avatar,
            isFriend: data.friendship.status === 'friends',
          }
        : null,
    [data],
  );
  return { isPending: person.isPending, recipient };
}

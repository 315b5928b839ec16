import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Removed } from '@/contract/people';
import { queueFriendRemove } from '../data/friends';
import { queueAndAwait } from '@/lib/offline/outcome';
import {
  dropFriend,
  refreshAfterWrite,
  restoreSnapshot,
  setFriendship,
  takeSnapshot,
} from './friendship-cache';
import { toastFailure, toastOutcome, type PersonRef } from './friend-writes';

/** DELETE /friends/{userId} through the outbox: we both stop being friends. */
export function removeFriend(userId: string) {
  return queueAndAwait<Removed>((id) => queueFriendRemove(userId, id));
}

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (person: PersonRef) => removeFriend(person.id),
    onMutate: async (person) => {
      const snapshot = await takeSnapshot(queryClient);
      dropFriend(queryClient, person.id);
      setFriendship(queryClient, person.id, { status: 'none', requestId: null });
      return snapshot;
    },
    onSuccess: (outcome, person) => toastOutcome(outcome, 'FRIENDS.REMOVED', person),
    onError: (error, person, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toastFailure(error, person);
    },
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

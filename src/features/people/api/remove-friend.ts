import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Removed } from '@/contract/people';
import { api } from '@/lib/api-client';
import {
  dropFriend,
  refreshAfterWrite,
  restoreSnapshot,
  setFriendship,
  takeSnapshot,
} from './friendship-cache';
import { requireOnline, toastFailure, toastSuccess, type PersonRef } from './friend-writes';

/** DELETE /friends/{userId}: we both stop being friends. */
export async function removeFriend(userId: string): Promise<Removed> {
  requireOnline();
  return api.delete<Removed>(`/friends/${encodeURIComponent(userId)}`);
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
    onSuccess: (_answer, person) => toastSuccess('FRIENDS.REMOVED', person),
    onError: (error, person, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toastFailure(error, person);
    },
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

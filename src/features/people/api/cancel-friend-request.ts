import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Removed } from '@/contract/people';
import { queueFriendCancel } from '../data/friends';
import { queueAndAwait } from '@/lib/offline/outcome';
import { refreshAfterWrite, restoreSnapshot, settleRequest } from './friendship-cache';
import { requestConflictCode, toastFailure, toastOutcome, type PersonRef } from './friend-writes';

/** DELETE /friends/request/{id} through the outbox: take back a request I sent. */
export function cancelFriendRequest(requestId: string, userId: string) {
  return queueAndAwait<Removed>((id) => queueFriendCancel(requestId, userId, id), {
    code: requestConflictCode,
  });
}

export function useCancelFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (v: { requestId: string; person: PersonRef }) =>
      cancelFriendRequest(v.requestId, v.person.id),
    onMutate: ({ requestId, person }) =>
      settleRequest(queryClient, requestId, person.id, { status: 'none', requestId: null }),
    onSuccess: (outcome, { person }) => toastOutcome(outcome, 'FRIENDS.REQUEST_CANCELLED', person),
    onError: (error, { person }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toastFailure(error, person);
    },
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

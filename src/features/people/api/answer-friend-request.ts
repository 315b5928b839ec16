import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequest, FriendRequestAnswer } from '@/contract/people';
import { markRelatedRead } from '@/features/notifications';
import { queueFriendAnswer } from '../data/friends';
import { queueAndAwait } from '@/lib/offline/outcome';
import { refreshAfterWrite, restoreSnapshot, settleRequest } from './friendship-cache';
import { requestConflictCode, toastFailure, toastOutcome, type PersonRef } from './friend-writes';

export type FriendRequestAction = FriendRequestAnswer['action'];

/** PUT /friends/request/{id} {action} through the outbox: accept or decline a request I received. */
export function answerFriendRequest(requestId: string, userId: string, action: FriendRequestAction) {
  return queueAndAwait<FriendRequest>((id) => queueFriendAnswer(requestId, userId, action, id), {
    code: requestConflictCode,
  });
}

export function useAnswerFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (v: { requestId: string; action: FriendRequestAction; person: PersonRef }) =>
      answerFriendRequest(v.requestId, v.person.id, v.action),
    onMutate: async ({ requestId, action, person }) => {
      const snapshot = await settleRequest(queryClient, requestId, person.id, {
        status: action === 'accept' ? 'friends' : 'none',
        requestId: null,
      });
      // Answered: its notification is read on every device (the bell agrees with the badge).
      void markRelatedRead(queryClient, 'friend-request', requestId);
      return snapshot;
    },
    onSuccess: (outcome, { action, person }) =>
      toastOutcome(outcome, action === 'accept' ? 'FRIENDS.NOW_FRIENDS' : 'FRIENDS.REQUEST_DECLINED', person),
    onError: (error, { person }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toastFailure(error, person);
    },
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

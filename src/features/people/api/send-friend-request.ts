import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequestResult } from '@/contract/people';
import { ApiError } from '@/lib/http/api-client';
import { queueFriendRequest } from '../data/friends';
import { queueAndAwait, type Outcome } from '@/lib/offline/outcome';
import { restoreSnapshot, refreshAfterWrite, setFriendship, takeSnapshot } from './friendship-cache';
import { toastFailure, toastOutcome, type PersonRef } from './friend-writes';

/**
 * POST /friends/request {userId, id} through the outbox: 201 `requested`, or 200 `accepted` when
 * they had asked me first. The client id is the request's id: a repeat answers the same request,
 * and a request made offline can be cancelled before it is sent.
 */
export function sendFriendRequest(userId: string, id: string = crypto.randomUUID()) {
  return queueAndAwait<FriendRequestResult>(() => queueFriendRequest(userId, id), { id });
}

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (v: PersonRef & { requestId: string }) => sendFriendRequest(v.id, v.requestId),
    onMutate: async (person) => {
      const snapshot = await takeSnapshot(queryClient);
      setFriendship(queryClient, person.id, { status: 'requestSent', requestId: person.requestId });
      return snapshot;
    },
    onSuccess: (outcome: Outcome<FriendRequestResult>, person) => {
      const accepted = outcome.sent && outcome.data.outcome === 'accepted';
      if (outcome.sent)
        setFriendship(
          queryClient,
          person.id,
          accepted
            ? { status: 'friends', requestId: null }
            : { status: 'requestSent', requestId: outcome.data.request.id },
        );
      toastOutcome(outcome, accepted ? 'FRIENDS.NOW_FRIENDS' : 'FRIENDS.REQUEST_SENT', person);
    },
    onError: (error, person, snapshot) => {
      // The server knows better than the snapshot when it says where we stand.
      if (error instanceof ApiError && error.code === 'ALREADY_FRIENDS')
        setFriendship(queryClient, person.id, { status: 'friends', requestId: null });
      else if (!(error instanceof ApiError && error.code === 'FRIEND_REQUEST_PENDING'))
        restoreSnapshot(queryClient, snapshot);
      toastFailure(error, person);
    },
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequestResult } from '@/contract/people';
import { api, ApiError } from '@/lib/api-client';
import { restoreSnapshot, refreshAfterWrite, setFriendship, takeSnapshot } from './friendship-cache';
import { requireOnline, toastFailure, toastSuccess, type PersonRef } from './friend-writes';

/**
 * POST /friends/request {userId, id}: 201 `requested`, or 200 `accepted` when they had asked me
 * first. The client id makes a repeated click or retry answer the same request.
 */
export async function sendFriendRequest(userId: string): Promise<FriendRequestResult> {
  requireOnline();
  return api.post<FriendRequestResult>('/friends/request', { userId, id: crypto.randomUUID() });
}

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (person: PersonRef) => sendFriendRequest(person.id),
    onMutate: async (person) => {
      const snapshot = await takeSnapshot(queryClient);
      setFriendship(queryClient, person.id, { status: 'requestSent', requestId: null });
      return snapshot;
    },
    onSuccess: (result, person) => {
      const accepted = result.outcome === 'accepted';
      setFriendship(
        queryClient,
        person.id,
        accepted
          ? { status: 'friends', requestId: null }
          : { status: 'requestSent', requestId: result.request.id },
      );
      toastSuccess(accepted ? 'FRIENDS.NOW_FRIENDS' : 'FRIENDS.REQUEST_SENT', person);
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

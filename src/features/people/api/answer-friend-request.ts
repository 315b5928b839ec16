import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequest, FriendRequestAnswer } from '@/contract/people';
import { api } from '@/lib/api-client';
import {
  dropRequest,
  refreshAfterWrite,
  restoreSnapshot,
  setFriendship,
  takeSnapshot,
} from './friendship-cache';
import { requireOnline, toastFailure, toastSuccess, type PersonRef } from './friend-writes';

export type FriendRequestAction = FriendRequestAnswer['action'];

/** PUT /friends/request/{id} {action}: accept or decline a request I received. */
export async function answerFriendRequest(
  requestId: string,
  action: FriendRequestAction,
): Promise<FriendRequest> {
  requireOnline();
  return api.put<FriendRequest>(`/friends/request/${encodeURIComponent(requestId)}`, { action });
}

export function useAnswerFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (v: { requestId: string; action: FriendRequestAction; person: PersonRef }) =>
      answerFriendRequest(v.requestId, v.action),
    onMutate: async ({ requestId, action, person }) => {
      const snapshot = await takeSnapshot(queryClient);
      dropRequest(queryClient, requestId);
      setFriendship(queryClient, person.id, {
        status: action === 'accept' ? 'friends' : 'none',
        requestId: null,
      });
      return snapshot;
    },
    onSuccess: (_answer, { action, person }) =>
      toastSuccess(action === 'accept' ? 'FRIENDS.NOW_FRIENDS' : 'FRIENDS.REQUEST_DECLINED', person),
    onError: (error, { person }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toastFailure(error, person);
    },
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

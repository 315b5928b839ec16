import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Removed } from '@/contract/people';
import { api } from '@/lib/api-client';
import {
  dropRequest,
  refreshAfterWrite,
  restoreSnapshot,
  setFriendship,
  takeSnapshot,
} from './friendship-cache';
import { requireOnline, toastFailure, toastSuccess, type PersonRef } from './friend-writes';

/** DELETE /friends/request/{id}: take back a request I sent. */
export async function cancelFriendRequest(requestId: string): Promise<Removed> {
  requireOnline();
  return api.delete<Removed>(`/friends/request/${encodeURIComponent(requestId)}`);
}

export function useCancelFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (v: { requestId: string; person: PersonRef }) => cancelFriendRequest(v.requestId),
    onMutate: async ({ requestId, person }) => {
      const snapshot = await takeSnapshot(queryClient);
      dropRequest(queryClient, requestId);
      setFriendship(queryClient, person.id, { status: 'none', requestId: null });
      return snapshot;
    },
    onSuccess: (_answer, { person }) => toastSuccess('FRIENDS.REQUEST_CANCELLED', person),
    onError: (error, { person }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toastFailure(error, person);
    },
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

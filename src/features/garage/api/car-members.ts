// Shared cars: who shares a car, the owner's invitations and role changes, a member
// leaving, and the invited member's answer. Online calls (the server decides who is a friend and
// who may change members); the garage is synced again after each, so the cars follow at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CarInviteResult, CarMember, CarMemberRole } from '@/contract/car-members';
import { api, ApiError, isNetworkError } from '@/lib/http/api-client';
import { realtime } from '@/lib/realtime/socket';
import { syncCars } from '../data/sync';

export const carMembersKey = (carId: string) => ['garage', 'car-members', carId] as const;

const path = (carId: string, userId?: string) =>
  `/cars/${encodeURIComponent(carId)}/members${userId ? `/${encodeURIComponent(userId)}` : ''}`;

/** GET /cars/{id}/members: the owner first, then the members (pending ones: the owner's view). */
export function getCarMembers(carId: string, signal?: AbortSignal): Promise<CarMember[]> {
  return api.get<CarMember[]>(path(carId), { signal });
}

/**
 * A car's members, kept for offline (the names on its logs). Not asked for a car whose create is
 * still queued (`enabled` false): the server does not know it yet.
 */
export function useCarMembers(carId: string, enabled = true) {
  const queryClient = useQueryClient();
  // The server tells every member of a change to the car's members (an answer, a role, a leave).
  useEffect(
    () =>
      realtime.on('car', (event) => {
        if (event.jsonPayload.relatedCarId === carId)
          void queryClient.invalidateQueries({ queryKey: carMembersKey(carId) });
      }),
    [carId, queryClient],
  );
  return useQuery({
    queryKey: carMembersKey(carId),
    queryFn: ({ signal }) => getCarMembers(carId, signal),
    enabled,
    // Kept for offline, asked again on each visit: an invitation's answer shows at once.
    staleTime: 0,
    retry: (count, error: unknown) =>
      count < 1 && !(error instanceof ApiError && error.status < 500) && !isNetworkError(error),
    meta: { persist: true },
  });
}

type Change =
  | { kind: 'invite'; userId: string; role: CarMemberRole }
  | { kind: 'role'; userId: string; role: CarMemberRole }
  | { kind: 'remove'; userId: string };

/** The owner invites, changes a role or removes; a member removes themself (leaves the car). */
export function useChangeCarMember(carId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => {
      if (change.kind === 'invite')
        return api.post<CarMember>(path(carId), { userId: change.userId, role: change.role });
      if (change.kind === 'role')
        return api.put<CarMember>(path(carId, change.userId), { role: change.role });
      return api.delete<unknown>(path(carId, change.userId));
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: carMembersKey(carId) });
      await syncCars().catch(() => undefined);
    },
  });
}

/** PUT /car-invites/{carId}: accept (the car comes into my garage) or decline. */
export async function answerCarInvite(carId: string, action: 'accept' | 'decline'): Promise<CarInviteResult> {
  const result = await api.put<CarInviteResult>(`/car-invites/${encodeURIComponent(carId)}`, { action });
  if (action === 'accept') await syncCars().catch(() => undefined);
  return result;
}

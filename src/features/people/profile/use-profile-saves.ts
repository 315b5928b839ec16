// My profile saves (fields and picture) of this device not sent yet, live: the profile shows them as waiting (or
// refused). When the last one leaves the outbox (sent, or discarded in the sync panel) my profile
// is read again, so a discarded change does not stay shown.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { db } from '@/lib/db';
import { useLive } from '@/lib/offline/live';
import type { OutboxEntry } from '@/lib/outbox';
import { profileKeys } from '../api/keys';
import { AVATAR_ENTITY, PROFILE_ENTITY } from '../data/kinds';

export type ProfileSaveState = 'none' | 'pending' | 'failed';

export function profileSaveState(entries: readonly OutboxEntry[] | undefined): ProfileSaveState {
  if (!entries?.length) return 'none';
  return entries.some((entry) => entry.status === 'failed') ? 'failed' : 'pending';
}

export function useProfileSaveState(): ProfileSaveState {
  const queryClient = useQueryClient();
  const entries = useLive(
    () => db.outbox.where('entityId').anyOf(PROFILE_ENTITY, AVATAR_ENTITY).sortBy('seq'),
    [],
  );
  const state = profileSaveState(entries);
  const last = useRef(state);
  useEffect(() => {
    if (last.current !== 'none' && state === 'none')
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    last.current = state;
  }, [state, queryClient]);
  return state;
}

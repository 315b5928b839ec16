// After the server confirms a people write: the screen waiting for it gets the answer, the
// caches ask the server again, the session takes the account's language and my saved profile. Handlers run after the
// fetch, outside any transaction (src/lib/outbox/handlers.ts).
import { type OnSent, type OutboxHandlers, withKindLabels } from '@/lib/outbox';
import { queryClient } from '@/lib/query/query-client';
import { profileKeys } from '../api/keys';
import { PEOPLE_KINDS } from './kinds';
import { reconcileLanguage } from './language';
import { reconcileProfile } from './profile';
import { settleSent } from '@/lib/offline/outcome';

/** A friendship changed on the server: every list that shows one asks again. */
const friendshipSent: OnSent = async (entry, data) => {
  settleSent(entry, data);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['friends'] }),
    queryClient.invalidateQueries({ queryKey: ['people'] }),
  ]);
};

/** My profile or picture saved: the session's member and my profile's cache are the server's answer. */
const profileSent: OnSent = async (entry, data) => {
  settleSent(entry, data);
  const next = await reconcileProfile(data);
  if (next) queryClient.setQueryData(profileKeys.me(), next);
};

/** The people feature's reconciliation handlers, by entry kind (the app registers them). */
// Each kind with its label in the sync panel (the feature names its own writes).
export const peopleHandlers: OutboxHandlers = withKindLabels(
  {
    [PEOPLE_KINDS.friendRequest]: friendshipSent,
    [PEOPLE_KINDS.friendAnswer]: friendshipSent,
    [PEOPLE_KINDS.friendCancel]: friendshipSent,
    [PEOPLE_KINDS.friendRemove]: friendshipSent,
    [PEOPLE_KINDS.profile]: profileSent,
    [PEOPLE_KINDS.avatar]: profileSent,
    [PEOPLE_KINDS.language]: (entry, data) => {
      settleSent(entry, data);
      return reconcileLanguage(data);
    },
  },
  {
    [PEOPLE_KINDS.friendRequest]: 'SYNC.KIND_FRIEND_REQUEST',
    [PEOPLE_KINDS.friendAnswer]: 'SYNC.KIND_FRIEND_ANSWER',
    [PEOPLE_KINDS.friendCancel]: 'SYNC.KIND_FRIEND_CANCEL',
    [PEOPLE_KINDS.friendRemove]: 'SYNC.KIND_FRIEND_REMOVE',
    [PEOPLE_KINDS.profile]: {
      label: 'SYNC.KIND_PROFILE_UPDATE',
      fields: {
        firstName: 'SYNC.FIELD_FIRST_NAME',
        lastName: 'SYNC.FIELD_LAST_NAME',
        username: 'SYNC.FIELD_USERNAME',
        city: 'SYNC.FIELD_CITY',
        bio: 'SYNC.FIELD_BIO',
      },
    },
    [PEOPLE_KINDS.avatar]: 'SYNC.KIND_PROFILE_AVATAR',
    [PEOPLE_KINDS.language]: 'SYNC.KIND_PROFILE_LANGUAGE',
  },
);

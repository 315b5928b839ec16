// The people feature's services, built once per app from its database, files and notifier.
import type { FastifyInstance } from 'fastify';
import { avatarStorage } from './avatar-storage';
import { friendNotifier } from './friend-events';
import { friendsRepository } from './friends-repository';
import { friendsService } from './friends-service';
import { peopleRepository } from './people-repository';
import { profileService } from './profile-service';
import { suggestionsRepository } from './suggestions-repository';
import { suggestionsService } from './suggestions-service';
import { blockedEitherWay, blockedIdsOf, hasBlocked } from '../trust/trust-checks-repository';

/** The OpenAPI tag of every people route. */
export const peopleTags = ['people'];

export function peopleServices(app: FastifyInstance) {
  const people = peopleRepository(app.db.kysely);
  const friends = friendsRepository(app.db.kysely);
  return {
    profiles: profileService({
      people,
      friends,
      avatars: avatarStorage(app.objectStore),
      log: app.log,
      hasBlocked: (blocker, blocked) => hasBlocked(app.db.kysely, blocker, blocked),
      blockedIdsOf: (memberId) => blockedIdsOf(app.db.kysely, memberId),
    }),
    friends: friendsService({
      people,
      friends,
      notify: friendNotifier(app),
      blocked: (a, b) => blockedEitherWay(app.db.kysely, a, b),
    }),
    suggestions: suggestionsService({ people, suggestions: suggestionsRepository(app.db.kysely) }),
  };
}

export type PeopleServices = ReturnType<typeof peopleServices>;

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

/** The OpenAPI tag of every people route. */
export const peopleTags = ['people'];

export function peopleServices(app: FastifyInstance) {
  const people = peopleRepository(app.db.kysely);
  const friends = friendsRepository(app.db.kysely);
  return {
    profiles: profileService({ people, friends, avatars: avatarStorage(app.objectStore), log: app.log }),
    friends: friendsService({ people, friends, notify: friendNotifier(app) }),
    suggestions: suggestionsService({ people, suggestions: suggestionsRepository(app.db.kysely) }),
  };
}

export type PeopleServices = ReturnType<typeof peopleServices>;

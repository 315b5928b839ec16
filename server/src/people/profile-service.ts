// Profiles: my own (read, edit, avatar), another member's as I may see it, and the people search.
import type { AvatarSize, PersonCard, Profile, ProfileUpdate } from '../../../src/contract/people';
import { BIO_MAX_TEXT, PEOPLE_SEARCH_MIN_LENGTH } from '../../../src/contract/people';
import type { CurrentUser } from '../../../src/contract/user';
import { isUniqueViolation, toCurrentUser } from '../auth/users-repository';
import { sanitizeRichText } from '../http/rich-text';
import { badRequest, conflict, notFound } from '../http/errors';
import { avatarImages } from './avatar-images';
import { avatarUrl, avatarVersion, type AvatarStorage, type Log } from './avatar-storage';
import type { FriendsRepository } from './friends-repository';
import { friendshipOf, toPersonCard, toProfile } from './people-cards';
import type { PeopleRepository, ProfileChanges } from './people-repository';

interface Deps {
  people: PeopleRepository;
  friends: FriendsRepository;
  avatars: AvatarStorage;
  log: Log;
  /** Whether `blocker` blocked `blocked` (server/src/trust): the blocked member sees no profile. */
  hasBlocked?: (blocker: string, blocked: string) => Promise<boolean>;
  /** Everyone who blocked `memberId` or whom they blocked: left out of their search. */
  blockedIdsOf?: (memberId: string) => Promise<Set<string>>;
  now?: () => Date;
}

const invalid = (field: string, message: string) =>
  badRequest('Some fields are missing or invalid.', [{ field: `body.${field}`, message }]);
const taken = () =>
  conflict('This username is already taken.', [{ field: 'body.username', message: 'is already taken' }]);

/** A name stays required: spaces alone do not make one. */
function name(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!trimmed) throw invalid(field, 'must not be blank');
  return trimmed;
}

/** Sanitised bio; empty (also Quill's empty `<p><br></p>`) is no bio. */
function bio(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const clean = sanitizeRichText(value);
  if (clean.textLength > BIO_MAX_TEXT)
    throw invalid('bio', `must not have more than ${BIO_MAX_TEXT} characters of text`);
  return clean.textLength === 0 ? null : clean.html;
}

/** How many times a changed avatar is retried against a concurrent change before giving up. */
const AVATAR_SWAP_ATTEMPTS = 5;

export function profileService({
  people,
  friends,
  avatars,
  log,
  hasBlocked = async () => false,
  blockedIdsOf = async () => new Set<string>(),
  now = () => new Date(),
}: Deps) {
  async function current(memberId: string): Promise<CurrentUser> {
    const row = await people.findById(memberId);
    // The account went away under a live token.
    if (!row) throw notFound('User');
    return toCurrentUser(row);
  }

  /** Puts `next` (a URL or null) in place of whatever avatar is there; answers the one replaced. */
  async function replaceAvatar(memberId: string, next: string | null): Promise<string | null> {
    for (let attempt = 0; attempt < AVATAR_SWAP_ATTEMPTS; attempt++) {
      const row = await people.findById(memberId);
      if (!row) throw notFound('User');
      if (await people.swapAvatar(memberId, row.avatar, next, now().toISOString())) return row.avatar;
    }
    throw conflict('Your avatar is being changed from another device: try again.');
  }

  return {
    me: current,

    async update(memberId: string, body: ProfileUpdate): Promise<CurrentUser> {
      const changes: ProfileChanges = {
        firstName: name('firstName', body.firstName),
        lastName: name('lastName', body.lastName),
        username: body.username?.trim(),
        city: body.city === undefined ? undefined : body.city?.trim() || null,
        bio: bio(body.bio),
        language: body.language,
      };
      if (changes.username !== undefined && (await people.usernameTaken(changes.username, memberId)))
        throw taken();
      try {
        await people.update(memberId, changes, now().toISOString());
      } catch (error) {
        // Lost a race with another member taking the same username.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return current(memberId);
    },

    async profile(memberId: string, userId: string): Promise<Profile> {
      const row = await people.findById(userId);
      if (!row || (await hasBlocked(userId, memberId))) throw notFound('User');
      const relations = await friends.relations(memberId, [userId]);
      return toProfile(row, friendshipOf(memberId, userId, relations.get(userId)));
    },

    /** A mention's `@username` (any case) to its member's profile: the same answer as `profile`. */
    async profileByUsername(memberId: string, username: string): Promise<Profile> {
      const id = await people.idOfUsername(username);
      if (!id) throw notFound('User');
      return this.profile(memberId, id);
    },

    async search(
      memberId: string,
      q: string,
      limit: number,
      offset: number,
    ): Promise<{ items: PersonCard[]; total: number }> {
      const text = q.trim();
      if (text.length < PEOPLE_SEARCH_MIN_LENGTH)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'querystring.q', message: `must have at least ${PEOPLE_SEARCH_MIN_LENGTH} characters` },
        ]);
      const [found, hidden] = await Promise.all([
        people.search(memberId, text, limit, offset),
        blockedIdsOf(memberId),
      ]);
      // Blocked members (either way) are left out of the page; the total is the search's.
      const rows = found.rows.filter((r) => !hidden.has(r.id));
      const total = found.total;
      const relations = await friends.relations(
        memberId,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((r) => toPersonCard(r, friendshipOf(memberId, r.id, relations.get(r.id)))),
        total,
      };
    },

    /** Stores every size of the new image, then swaps it in; the old files go after. */
    async setAvatar(memberId: string, bytes: Buffer): Promise<CurrentUser> {
      const version = await avatars.save(await avatarImages(bytes));
      let replaced: string | null;
      try {
        replaced = await replaceAvatar(memberId, avatarUrl(memberId, version));
      } catch (error) {
        await avatars.discard(version, log);
        throw error;
      }
      await avatars.discard(avatarVersion(replaced), log);
      return current(memberId);
    },

    async removeAvatar(memberId: string): Promise<CurrentUser> {
      const replaced = await replaceAvatar(memberId, null);
      await avatars.discard(avatarVersion(replaced), log);
      return current(memberId);
    },

    /**
     * A member's avatar image, for any signed-in member. `fresh` is true when the version asked
     * for is the current one: that answer never changes and may be cached for good.
     */
    async avatar(userId: string, size: AvatarSize, askedVersion: string | undefined) {
      const row = await people.findById(userId);
      const version = avatarVersion(row?.avatar ?? null);
      if (!version) throw notFound('Avatar');
      try {
        return { bytes: await avatars.read(version, size), fresh: askedVersion === version };
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') throw notFound('Avatar');
        throw error;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;

// The search while offline (docs/OFFLINE-FIRST.md): the same words over what this device holds,
// the posts and cars mirrors (Dexie) and the friends list kept by the query persister. The screen
// says that these results come from this device.
import type { Friend } from '@/contract/people';
import type { SearchItem, SearchType } from '@/contract/search';
import { localDb } from '@/lib/db';
import { matchesWords, plainTextOf, wordsOf } from './words';

export interface DeviceSources {
  /** My friends as the cached friends list holds them. */
  friends: () => Friend[];
}

/** What this device holds that matches `q`, newest first for posts, by name otherwise. */
export async function searchDevice(
  type: SearchType,
  q: string,
  sources: DeviceSources,
): Promise<SearchItem[]> {
  const words = wordsOf(q);
  if (words.length === 0) return [];
  if (type === 'people')
    return sources
      .friends()
      .filter((f) => matchesWords(`${f.username} ${f.firstName} ${f.lastName}`, words))
      .map((f) => ({
        id: f.id,
        username: f.username,
        firstName: f.firstName,
        lastName: f.lastName,
        avatar: f.avatar,
      }));
  const db = await localDb();
  if (type === 'cars') {
    const cars = await db.cars.toArray();
    return cars
      .filter((c) => matchesWords(`${c.make} ${c.model} ${c.nickname ?? ''}`, words))
      .sort((a, b) => `${a.make} ${a.model}`.localeCompare(`${b.make} ${b.model}`))
      .map((c) => ({
        id: c.id,
        make: c.make,
        model: c.model,
        nickname: c.nickname,
        year: c.year,
        image: c.image,
        // The mirror holds my cars and those shared with me: their owner's card is not there.
        owner: { id: c.ownerId, username: '', firstName: c.ownerName ?? '', lastName: '', avatar: null },
      }));
  }
  const posts = await db.posts.toArray();
  return posts
    .filter((p) => matchesWords(plainTextOf(p.content), words))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

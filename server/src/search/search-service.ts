// The search (docs/SPEC-NOTES.md "Search"): the words of the text, then one kind's page of what
// the member may see, best first. Reading is allowed to a suspended member (a suspension stops
// writes only: server/src/trust/suspension-guard.ts), so this route is not guarded.
import type { Post } from '../../../src/contract/posts';
import type {
  SearchCar,
  SearchMeta,
  SearchPerson,
  SearchQuery,
  SearchType,
} from '../../../src/contract/search';
import { badRequest } from '../http/errors';
import { mediaUrl } from '../media/media-url';
import { searchWords, type CarHit, type PersonHit, type SearchRepository } from './search-repository';

export interface SearchDeps {
  search: SearchRepository;
  /** The posts as the feed answers them to `memberId` (a missing one left out). */
  posts(memberId: string, ids: string[]): Promise<Post[]>;
}

const card = (row: Pick<PersonHit, 'username' | 'first_name' | 'last_name' | 'avatar'>, id: string) => ({
  id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  avatar: row.avatar,
});

const toPerson = (row: PersonHit): SearchPerson => card(row, row.id);

const toCar = (row: CarHit): SearchCar => ({
  id: row.id,
  make: row.make,
  model: row.model,
  nickname: row.nickname,
  year: row.year === null ? null : Number(row.year),
  // The column holds a media id; members get the URL that serves it.
  image: row.image === null ? null : mediaUrl(row.image),
  owner: card(row, row.owner_id),
});

export function searchService({ search, posts }: SearchDeps) {
  return {
    async search(
      memberId: string,
      query: SearchQuery,
    ): Promise<{ items: (SearchPerson | SearchCar | Post)[]; meta: SearchMeta }> {
      const text = query.q.trim();
      if (text.length === 0)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'querystring.q', message: 'must not be blank' },
        ]);
      const words = searchWords(text);
      const { limit, offset } = query;
      const type: SearchType = query.type;
      const meta = (total: number) => ({ total, limit, offset });
      if (type === 'people') {
        const { rows, total } = await search.find('people', memberId, words, limit, offset);
        return { items: rows.map(toPerson), meta: meta(total) };
      }
      if (type === 'cars') {
        const { rows, total } = await search.find('cars', memberId, words, limit, offset);
        return { items: rows.map(toCar), meta: meta(total) };
      }
      const { rows, total } = await search.find('posts', memberId, words, limit, offset);
      return {
        items: await posts(
          memberId,
          rows.map((r) => r.id),
        ),
        meta: meta(total),
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;

// GET /search: members, cars and posts found by words, ignoring case and accents (docs/SPEC-NOTES.md
// "Search"). Each type answers its own item shape; only what the searcher may see is found.
import { Type, type Static } from 'typebox';
import { OFFSET_MAX, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, SEARCH_TYPES } from './constants';
import { pageMeta } from './envelope';
import { Post, PostAuthor } from './posts';

export type SearchType = (typeof SEARCH_TYPES)[number];

export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: SEARCH_QUERY_MAX,
    // At least one character that is not a space: a blank search is a 400, not everything.
    pattern: '\\S',
    description: `The words searched (1 to ${SEARCH_QUERY_MAX} characters, trimmed), case- and accent-blind; every word must match, the last one as a prefix ("renault meg" finds a Renault Mégane)`,
  }),
  type: Type.Union(
    SEARCH_TYPES.map((t) => Type.Literal(t)),
    {
      description:
        '`people`: members by username, first and last name; `cars`: by make, model and nickname; `posts`: by their text and hashtags',
    },
  ),
  limit: Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_MAX, default: SEARCH_PAGE_SIZE }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** A member found: their public card, never their e-mail. */
export const SearchPerson = PostAuthor;
export type SearchPerson = Static<typeof SearchPerson>;

/** A car found: what its card shows, never its VIN nor its plate. */
export const SearchCar = Type.Object({
  id: Type.String(),
  make: Type.String(),
  model: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  year: Type.Union([Type.Integer(), Type.Null()]),
  /** Where its photo is served (needs the bearer token, as every media file); null: none. */
  image: Type.Union([Type.String(), Type.Null()]),
  owner: PostAuthor,
});
export type SearchCar = Static<typeof SearchCar>;

/** A post found: as the feed answers it. */
export const SearchPost = Post;

export const SearchItem = Type.Union([SearchPerson, SearchCar, SearchPost]);
export type SearchItem = SearchPerson | SearchCar | Post;

/** `total`: how many the search finds that the member may see. */
export const SearchMeta = pageMeta();
export type SearchMeta = Static<typeof SearchMeta>;

/** What each type answers. */
export interface SearchResults {
  people: SearchPerson[];
  cars: SearchCar[];
  posts: Post[];
}

import { Type } from 'typebox';
import * as contract from '../../../src/contract/search';
import { errors, memberRoutes, okList, type RoutePlugin } from '../http/route-schemas';
import type { SearchService } from './search-service';

export const searchTags = ['search'];

/** GET /search: members, cars or posts, found by words. */
export const searchRoutes: RoutePlugin<{ search: SearchService }> = async (app, { search }) => {
  const route = memberRoutes(app.authenticate, searchTags);

  app.get(
    '/search',
    route('Find members, cars or posts by words, ignoring case and accents', {
      description:
        'Every word must match (the last one as the start of a word), ranked best first, then paged by `limit` and `offset`. ' +
        '`people` answers public member cards (never an e-mail): anyone but me, not a member blocked either way. ' +
        "`cars` answers car cards with their owner (never a VIN nor a plate): my cars, my friends' and those shared with me. " +
        "`posts` answers posts as the feed does: mine and my friends', never a blocked member's; `#tag` and `tag` both find a post holding #tag. " +
        'A blank `q` is 400. `meta.total` counts what is found.',
      querystring: contract.SearchQuery,
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          data: Type.Array(contract.SearchItem),
          meta: contract.SearchMeta,
        }),
        ...errors(400, 401),
      },
    }),
    async (request) => {
      const { items, meta } = await search.search(request.member.id, request.query);
      return okList(items, meta);
    },
  );
};

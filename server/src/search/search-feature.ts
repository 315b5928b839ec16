// The search feature, registered under the API base: GET /search (docs/SPEC-NOTES.md "Search").
import type { FastifyPluginAsync } from 'fastify';
import { postsRepository } from '../posts/posts-repository';
import { searchRepository } from './search-repository';
import { searchRoutes } from './search-routes';
import { searchService } from './search-service';

export const searchFeature: FastifyPluginAsync = async (app) => {
  // Posts are read as the feed reads them (author, likes, image, shared log's card).
  const posts = postsRepository(app.db);
  const search = searchService({
    search: searchRepository(app.db.kysely, app.db.dialect),
    // One query for the page's posts (a page holds at most SEARCH_PAGE_MAX ≤ FEED_PAGE_MAX).
    posts: (memberId, ids) => posts.findMany(memberId, ids),
  });
  await app.register(searchRoutes, { search });
};

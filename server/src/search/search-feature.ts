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
    async posts(memberId, ids) {
      const found = await Promise.all(ids.map((id) => posts.find(memberId, id)));
      return found.filter((post) => post !== undefined);
    },
  });
  await app.register(searchRoutes, { search });
};

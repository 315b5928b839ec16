// Spec §7 "Posts": the feed, one post, create, edit, delete, like (the JSON routes; uploads are in
// post-image-routes.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../../../src/contract/posts';
import { ok, okList, answer, memberRoutes, sendStored, type RoutePlugin } from '../http/route-schemas';
import type { PostsService } from './posts-service';

const tags = ['posts'];

export const postsRoutes: RoutePlugin<{ posts: PostsService }> = async (app, { posts }) => {
  const route = memberRoutes(app.authenticate, tags);

  app.get(
    '/posts/feed',
    route(
      "My feed: my posts and my friends', newest first. offset = (page - 1) * limit; for deep scrolling pass meta.nextCursor as `before`",
      {
        querystring: contract.FeedQuery,
        response: answer.list(contract.Post, contract.FeedMeta, 400, 401),
      },
    ),
    async (request) => {
      const { items, meta } = await posts.feed(request.member.id, request.query);
      return okList(items, meta);
    },
  );

  app.get(
    '/users/:id/posts',
    route(
      "A member's posts I may read, newest first: all of theirs when they are me or a friend, none otherwise (an empty page, total 0); 404 when there is no such member. Paged like the feed (limit, offset, `before` = meta.nextCursor)",
      {
        params: contract.MemberPostsParams,
        querystring: contract.MemberPostsQuery,
        response: answer.list(contract.Post, contract.FeedMeta, 400, 401, 404),
      },
    ),
    async (request) => {
      const { items, meta } = await posts.memberPosts(request.member.id, request.params.id, request.query);
      return { success: true as const, data: items, meta };
    },
  );

  app.get(
    '/tags/:tag/posts',
    route(
      "A tag's page: the posts carrying `#tag` in their own text (a comment's tags are links only) that my feed would show — mine and my friends', never across a block — newest first. The tag without `#`, any case and accents (#Mégane is #megane); 400 for anything that is not 1 to 50 letters, digits or `_`. Paged like the feed (limit, offset, `before` = meta.nextCursor; the same meta)",
      {
        params: contract.TagPostsParams,
        querystring: contract.TagPostsQuery,
        response: answer.list(contract.Post, contract.FeedMeta, 400, 401),
      },
    ),
    async (request) => {
      const { items, meta } = await posts.tagPosts(request.member.id, request.params.tag, request.query);
      return okList(items, meta);
    },
  );

  app.get(
    '/cars/:id/build-thread',
    route(
      "A car's build thread: the posts about the car (sharing its logs, or naming it) that I may read — mine and my friends' — oldest first, so a restoration reads as a story. For anyone who may read the car (its owner, its members, the owner's friends); 404 otherwise. offset = (page - 1) * limit",
      {
        params: contract.BuildThreadParams,
        querystring: contract.BuildThreadQuery,
        response: answer.list(contract.Post, contract.BuildThreadMeta, 400, 401, 404),
      },
    ),
    async (request) => {
      const { items, meta } = await posts.buildThread(request.member.id, request.params.id, request.query);
      return okList(items, meta);
    },
  );

  app.get(
    '/posts/:id/likes',
    route(
      "Who liked a post I may read (404 otherwise), most recent first; meta.total is the post's likesCount. offset = (page - 1) * limit",
      {
        params: contract.PostIdParams,
        querystring: contract.LikersQuery,
        response: answer.list(contract.PostLiker, contract.LikersMeta, 400, 401, 404),
      },
    ),
    async (request) => {
      const { items, meta } = await posts.likers(request.member.id, request.params.id, request.query);
      return { success: true as const, data: items, meta };
    },
  );

  app.post(
    '/posts',
    route(
      "Write a post (a repeated client id answers the stored post with 200). `carLogId` shares a log I may read as the post's card (type, title, reading, date, photos; its cost only with `showCost: true`), read live: it follows the log's edits, and is null once the log is deleted (`carLogUnavailable: 'deleted'`) or once I may no longer read the log (`carLogUnavailable: 'no-longer-shared'`: removed from the car, or the car sold); 404 for a log I may not read",
      {
        body: contract.PostInput,
        response: answer.stored(contract.Post, 400, 401, 404, 409),
      },
    ),
    async (request, reply) => sendStored(reply, 'post', await posts.create(request.member.id, request.body)),
  );

  app.get(
    '/posts/:id',
    route("One post (mine or a friend's)", {
      params: contract.PostIdParams,
      response: answer.item(contract.Post, 400, 401, 404),
    }),
    async (request) => ok(await posts.get(request.member.id, request.params.id)),
  );

  app.put(
    '/posts/:id',
    route('Change the fields given of one of my posts (`removeImage: true` removes its image)', {
      params: contract.PostIdParams,
      body: contract.PostUpdate,
      response: answer.item(contract.Post, 400, 401, 404),
    }),
    async (request) => ok(await posts.update(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/posts/:id',
    route('Delete one of my posts, its likes, comments and image', {
      params: contract.PostIdParams,
      response: answer.item(contract.PostDeleted, 400, 401, 404),
    }),
    async (request) => {
      await posts.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );

  // The like takes no body (spec §7: "empty body"); one sent as empty JSON is not an error here.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') return done(null, undefined);
      try {
        done(null, JSON.parse(String(body)) as unknown);
      } catch (error) {
        Object.assign(error as object, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
        done(error as Error, undefined);
      }
    });
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/posts/:id/like',
      route(
        'Like a post I can read, or take my like back (a toggle; a replay with the same Idempotency-Key flips it once)',
        {
          params: contract.PostIdParams,
          response: answer.item(contract.LikeResult, 400, 401, 404),
        },
      ),
      async (request) => ok(await posts.like(request.member.id, request.params.id)),
    );
  });
};

// Spec §7 "Comments": a post's comments, a comment's replies, one comment, create, edit, delete.
import * as contract from '../../../src/contract/posts';
import { ok, okPage, answer, memberRoutePlugin, sendStored } from '../http/route-schemas';
import type { CommentsService } from './comments-service';

type Services = { comments: CommentsService };

export const commentsRoutes = memberRoutePlugin<Services>(['comments'], (app, route, { comments }) => {
  app.get(
    '/comments/post/:postId',
    route(
      'The top-level comments of a post I can read; offset = limit * (page - 1); sortBy newest (default) or oldest',
      {
        params: contract.CommentsOfPostParams,
        querystring: contract.CommentListQuery,
        response: answer.list(contract.Comment, contract.CommentListMeta, 400, 401, 404),
      },
    ),
    async (request) =>
      okPage(request.query, await comments.list(request.member.id, request.params.postId, request.query)),
  );

  app.get(
    '/comments/:id/replies',
    route('The replies to a comment, oldest first (limit 20 and offset 0 by default)', {
      params: contract.PostIdParams,
      querystring: contract.RepliesQuery,
      response: answer.list(contract.Comment, contract.CommentListMeta, 400, 401, 404),
    }),
    async (request) =>
      okPage(request.query, await comments.replies(request.member.id, request.params.id, request.query)),
  );

  app.get(
    '/comments/:id',
    route('One comment of a post I can read', {
      params: contract.PostIdParams,
      response: answer.item(contract.Comment, 400, 401, 404),
    }),
    async (request) => ok(await comments.get(request.member.id, request.params.id)),
  );

  app.post(
    '/comments',
    route(
      'Comment on a post I can read, or reply to one of its comments (parentCommentId); a repeated client id answers the stored comment with 200',
      {
        body: contract.CommentInput,
        response: answer.stored(contract.Comment, 400, 401, 404, 409),
      },
    ),
    async (request, reply) =>
      sendStored(reply, 'comment', await comments.create(request.member.id, request.body)),
  );

  app.put(
    '/comments/:id',
    route('Change the content of one of my comments', {
      params: contract.PostIdParams,
      body: contract.CommentUpdate,
      response: answer.item(contract.Comment, 400, 401, 404),
    }),
    async (request) => ok(await comments.update(request.member.id, request.params.id, request.body.content)),
  );

  app.delete(
    '/comments/:id',
    route('Delete one of my comments, or any comment on my post, with its replies', {
      params: contract.PostIdParams,
      response: answer.item(contract.CommentDeleted, 400, 401, 404),
    }),
    async (request) => ok(await comments.remove(request.member.id, request.params.id)),
  );
});

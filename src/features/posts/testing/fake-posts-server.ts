// Test double of the posts and comments API at the fetch boundary: an in-memory server that
// answers the way the real one does (envelopes, client ids, multipart `data` + `image`, the feed's
// cursor, the like toggle remembered by Idempotency-Key), and records every request.
import { COMMENTS_PAGE_MAX } from '@/contract/constants';
import type { AttachedImage, Comment, Post, PostAuthor, PostLiker } from '@/contract/posts';
import type { CurrentUser } from '@/contract/user';
import { makePost } from './post-fixtures';
import { fakeApiState, type FakeApiRequest } from '@/testing/fake-api-server';
import {
  answerResponse,
  errorAnswer,
  okAnswer,
  pageOf,
  readFakeCall,
  type FakeAnswer,
  type FakeCall,
} from '@/testing/fetch';

type Answer = FakeAnswer;
export type FakeRequest = FakeApiRequest & { files: File[] };

const API = '/api/v1.0';

export const FAKE_ME: PostAuthor = {
  id: 'member-1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
};
/** `FAKE_ME` as the signed-in member of the session. */
export const FAKE_ME_USER: CurrentUser = {
  ...FAKE_ME,
  email: 'ada@example.com',
  bio: null,
  city: null,
  createdAt: '2026-01-01T00:00:00Z',
};
export const FAKE_FRIEND: PostAuthor = {
  id: 'member-2',
  username: 'bob',
  firstName: 'Bob',
  lastName: 'Brown',
  avatar: null,
};

export function installPostsServer(options: { me?: PostAuthor } = {}) {
  const me = options.me ?? FAKE_ME;
  const posts = new Map<string, Post>();
  const comments = new Map<string, Comment>();
  const likers = new Map<string, PostLiker[]>();
  const api = fakeApiState<FakeRequest>({ refuseOnce: true });
  const answered = new Map<string, Answer>(); // Idempotency-Key → stored answer
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const stamp = () => new Date((clock += 1000)).toISOString();
  let failingReads: number | null = null; // a status every GET answers, when set

  const ok = okAnswer;
  /** The route schemas' answer to a `limit` above the largest page. */
  const tooLarge = (): Answer => ({
    status: 400,
    body: {
      success: false,
      error: { code: 'VALIDATION_ERROR', message: `limit must be <= ${COMMENTS_PAGE_MAX}` },
    },
  });
  const notFound = () => errorAnswer(404, 'NOT_FOUND', 'Not found');
  /** A stored photo of 800 × 600, as the server answers it. */
  const photoOf = (postId: string): AttachedImage => {
    const mediaId = crypto.randomUUID();
    return { id: mediaId, url: `${API}/posts/${postId}/images/${mediaId}`, width: 800, height: 600 };
  };
  /** `images` and the older fields, which name the first. */
  const firstOf = (images: AttachedImage[]) => ({
    images,
    image: images[0]?.url ?? null,
    imageWidth: images[0]?.width ?? null,
    imageHeight: images[0]?.height ?? null,
  });

  /** A friend's (or my) post already on the server. */
  function addPost(fields: Partial<Post> = {}): Post {
    const post = makePost(FAKE_FRIEND, stamp(), fields);
    posts.set(post.id, post);
    return post;
  }

  function addComment(postId: string, fields: Partial<Comment> = {}): Comment {
    const at = stamp();
    const comment: Comment = {
      id: crypto.randomUUID(),
      postId,
      author: FAKE_FRIEND,
      content: 'Nice',
      parentCommentId: null,
      repliesCount: 0,
      createdAt: at,
      updatedAt: at,
      ...fields,
    };
    comments.set(comment.id, comment);
    bump(postId, comment.parentCommentId, 1);
    return comment;
  }

  function bump(postId: string, parentId: string | null, by: number) {
    const post = posts.get(postId);
    if (post) posts.set(postId, { ...post, commentsCount: post.commentsCount + by });
    const parent = parentId ? comments.get(parentId) : undefined;
    if (parent) comments.set(parent.id, { ...parent, repliesCount: parent.repliesCount + by });
  }

  /** A page after the `before` cursor (then `offset`), newest first, as the feed and a member's posts answer. */
  const cursorPage = (all: Post[], query: URLSearchParams) => {
    const { limit, offset } = pageOf(query);
    const before = query.get('before');
    const start = before ? all.findIndex((p) => p.id === before) + 1 + offset : offset;
    const page = all.slice(start, start + limit);
    const last = page[page.length - 1];
    const nextCursor = start + limit < all.length && last ? last.id : null;
    return ok(page, 200, { total: all.length, limit, offset, nextCursor });
  };
  const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

  function handle({ method, path, body, files, query }: FakeCall): Answer {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/posts/feed') {
      return cursorPage([...posts.values()].sort(newestFirst), query);
    }
    if ((m = path.match(/^\/users\/([^/]+)\/posts$/)) && method === 'GET') {
      // GET /users/{id}/posts: the member's posts, paged like the feed.
      return cursorPage([...posts.values()].filter((p) => p.author.id === m![1]).sort(newestFirst), query);
    }
    if ((m = path.match(/^\/cars\/([^/]+)\/build-thread$/)) && method === 'GET') {
      // GET /cars/{id}/build-thread: the posts about the car, oldest first.
      const { limit, offset } = pageOf(query);
      const all = [...posts.values()].filter((p) => p.carId === m![1]).sort((a, b) => newestFirst(b, a));
      return ok(all.slice(offset, offset + limit), 200, { total: all.length, limit, offset });
    }
    if ((m = path.match(/^\/posts\/([^/]+)\/likes$/)) && method === 'GET') {
      // GET /posts/{id}/likes: who liked it (setLikers), most recent first.
      const post = posts.get(m[1]!);
      if (!post) return notFound();
      const { limit, offset } = pageOf(query);
      const all = likers.get(post.id) ?? [];
      return ok(all.slice(offset, offset + limit), 200, { total: all.length, limit, offset });
    }
    if (method === 'POST' && (path === '/posts' || path === '/posts/with-image')) {
      const id = (body.id as string) ?? crypto.randomUUID();
      const stored = posts.get(id);
      if (stored) return ok(stored);
      const images = files.map(() => photoOf(id));
      const post = addPost({
        id,
        author: me,
        content: (body.content as string) ?? '',
        carId: (body.carId as string | null) ?? null,
        ...firstOf(images),
      });
      return ok(post, 201);
    }
    if ((m = path.match(/^\/posts\/([^/]+)\/like$/)) && method === 'POST') {
      const post = posts.get(m[1]!);
      if (!post) return notFound();
      const liked = !post.likes.includes(me.id);
      const likes = liked ? [me.id, ...post.likes] : post.likes.filter((id) => id !== me.id);
      posts.set(post.id, { ...post, likes, likesCount: likes.length });
      return ok({ postId: post.id, liked, likesCount: likes.length });
    }
    if ((m = path.match(/^\/posts\/([^/]+)(\/with-image)?$/))) {
      const post = posts.get(m[1]!);
      if (!post) return notFound();
      if (method === 'GET') return ok(post);
      if (method === 'DELETE') {
        posts.delete(post.id);
        return ok({ id: post.id });
      }
      if (method === 'PUT') {
        // As the server: keepImages keeps those (in order) then the files; else files replace all.
        const keep = Array.isArray(body.keepImages) ? (body.keepImages as string[]) : undefined;
        const added = files.map(() => photoOf(post.id));
        const images = keep
          ? [...keep.flatMap((id) => post.images.filter((i) => i.id === id)), ...added]
          : added.length > 0
            ? added
            : body.removeImage === true
              ? []
              : undefined;
        const next: Post = {
          ...post,
          ...(typeof body.content === 'string' ? { content: body.content } : {}),
          ...('carId' in body ? { carId: (body.carId as string | null) ?? null } : {}),
          ...(images ? firstOf(images) : {}),
          updatedAt: stamp(),
        };
        posts.set(post.id, next);
        return ok(next);
      }
    }
    if ((m = path.match(/^\/comments\/post\/([^/]+)$/)) && method === 'GET') {
      const { limit, offset } = pageOf(query);
      if (limit > COMMENTS_PAGE_MAX) return tooLarge();
      const all = [...comments.values()]
        .filter((c) => c.postId === m![1] && c.parentCommentId === null)
        .sort(newestFirst);
      if (query.get('sortBy') === 'oldest') all.reverse();
      return ok(all.slice(offset, offset + limit), 200, { total: all.length, limit, offset });
    }
    if ((m = path.match(/^\/comments\/([^/]+)\/replies$/)) && method === 'GET') {
      const { limit, offset } = pageOf(query);
      if (limit > COMMENTS_PAGE_MAX) return tooLarge();
      const all = [...comments.values()]
        .filter((c) => c.parentCommentId === m![1])
        .sort(newestFirst)
        .reverse();
      return ok(all.slice(offset, offset + limit), 200, { total: all.length, limit, offset });
    }
    if (method === 'POST' && path === '/comments') {
      const id = (body.id as string) ?? crypto.randomUUID();
      const stored = comments.get(id);
      if (stored) return ok(stored);
      if (!posts.has(body.postId as string)) return notFound();
      return ok(
        addComment(body.postId as string, {
          id,
          author: me,
          content: body.content as string,
          parentCommentId: (body.parentCommentId as string | null) ?? null,
        }),
        201,
      );
    }
    if ((m = path.match(/^\/comments\/([^/]+)$/)) && method === 'PUT') {
      const comment = comments.get(m[1]!);
      if (!comment || comment.author.id !== me.id) return notFound();
      const changed = { ...comment, content: body.content as string, updatedAt: new Date().toISOString() };
      comments.set(comment.id, changed);
      return ok(changed);
    }
    if ((m = path.match(/^\/comments\/([^/]+)$/)) && method === 'DELETE') {
      const comment = comments.get(m[1]!);
      if (!comment) return notFound();
      comments.delete(comment.id);
      bump(comment.postId, comment.parentCommentId, -1);
      return ok({
        id: comment.id,
        postId: comment.postId,
        commentsCount: posts.get(comment.postId)?.commentsCount ?? 0,
      });
    }
    return notFound();
  }

  api.stubFetch(async (input, init) => {
    const { method, path, query, idempotencyKey, body, files } = await readFakeCall(input, init);
    const failure = api.receive({ method, path, query, idempotencyKey, files, body });
    if (failure) return answerResponse(failure);
    if (failingReads !== null && method === 'GET') {
      return answerResponse(errorAnswer(failingReads, 'INTERNAL_ERROR', 'Internal error'));
    }
    const replayed = idempotencyKey ? answered.get(idempotencyKey) : undefined;
    const answer =
      replayed ?? handle({ method, path, body: (body ?? {}) as Record<string, unknown>, files, query });
    if (idempotencyKey && method !== 'GET') answered.set(idempotencyKey, answer);
    return answerResponse(answer);
  });

  return {
    posts,
    comments,
    requests: api.requests,
    addPost,
    addComment,
    /** Who liked the post, most recent first: its `likes` and `likesCount` follow. */
    setLikers(postId: string, people: PostAuthor[]) {
      const at = stamp();
      likers.set(
        postId,
        people.map((person) => ({ ...person, likedAt: at })),
      );
      const post = posts.get(postId);
      if (post) posts.set(postId, { ...post, likes: people.map((p) => p.id), likesCount: people.length });
    },
    ...api.controls,
    /** The GETs of one path, as `limit/offset` (the paging a screen asked for). */
    pages: (path: string) =>
      api.requests
        .filter((r) => r.method === 'GET' && r.path === path)
        .map((r) => `${r.query.get('limit')}/${r.query.get('offset')}`),
    /** Every GET answers `status` (a server fault) until called with null. */
    failReads: (status: number | null) => {
      failingReads = status;
    },
  };
}

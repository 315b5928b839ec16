// A tag's page (/tags/$tag): the feed's cards for the posts GET /tags/{tag}/posts answers, newest
// first, skeletons while loading, "No post with #tag yet", "load more" following the cursor, a tag
// that is none; and a mention's link /u/$username opening the member's profile.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '@/contract/posts';
import { renderApp } from '@/testing/test-utils';
import { deferred, fail, json, type RecordedRequest } from '@/testing/fetch';
import type { Member, PeopleServer } from '@/features/people/testing/people-server';
import { profileScreensPerTest } from '@/features/people/testing/screen-setup';
import { makePost } from '@/features/posts/testing/post-fixtures';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);

const API = '/api/v1.0';
let server: PeopleServer;
profileScreensPerTest((s) => (server = s));

let clock = Date.parse('2026-03-01T12:00:00Z');
function postOf(author: Member, content: string): Post {
  const at = new Date((clock -= 60_000)).toISOString();
  const { id, username, firstName, lastName } = author;
  return makePost({ id, username, firstName, lastName, avatar: null }, at, { content: `<p>${content}</p>` });
}

const params = (req: RecordedRequest) => new URL(req.url, 'http://localhost').searchParams;

/** GET /tags/{tag}/posts over `posts` (newest first), paged like the feed (cursor = last id). */
function serveTag(tag: string, posts: Post[]) {
  return server.always(`GET ${API}/tags/${tag}/posts`, (req) => {
    const q = params(req);
    const limit = Number(q.get('limit') ?? 20);
    const before = q.get('before');
    const start = before ? posts.findIndex((p) => p.id === before) + 1 : 0;
    const page = posts.slice(start, start + limit);
    const more = start + limit < posts.length;
    return json(200, {
      success: true,
      data: page,
      meta: { total: posts.length, limit, offset: 0, nextCursor: more ? page.at(-1)!.id : null },
    });
  });
}

function friend(): Member {
  const kim = server.add({ firstName: 'Kim', lastName: 'Lee', username: 'kiml' });
  server.befriend(kim);
  return kim;
}

describe('a tag page', () => {
  it("lists the tag's posts with the feed's cards, their tags and mentions as links", async () => {
    const kim = friend();
    serveTag('alpine', [postOf(kim, 'Col de Turini #alpine with @kiml'), postOf(kim, 'Older #Alpine')]);
    await renderApp('/tags/alpine');
    expect(await screen.findByRole('heading', { name: '#alpine' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Posts with #alpine' });
    const articles = await within(region).findAllByRole('article', { name: 'Post by Kim Lee' });
    expect(articles.map((a) => a.querySelector('.post-card__content')?.textContent)).toEqual([
      'Col de Turini #alpine with @kiml',
      'Older #Alpine',
    ]);
    const content = articles[0]!.querySelector<HTMLElement>('.post-card__content')!;
    await waitFor(() => expect(within(content).getAllByRole('link')).toHaveLength(2));
    expect(within(content).getByRole('link', { name: '#alpine' }).getAttribute('href')).toBe('/tags/alpine');
    expect(within(content).getByRole('link', { name: '@kiml' }).getAttribute('href')).toBe('/u/kiml');
  });

  it('skeletons while loading, then "No post with #tag yet"', async () => {
    const answer = deferred<Response>();
    server.always(`GET ${API}/tags/nothing/posts`, () => answer.promise);
    await renderApp('/tags/nothing');
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeTruthy();
    answer.resolve(
      json(200, { success: true, data: [], meta: { total: 0, limit: 20, offset: 0, nextCursor: null } }),
    );
    expect(await screen.findByRole('heading', { name: 'No post with #nothing yet' })).toBeTruthy();
  });

  it('"Load more posts" follows the cursor', async () => {
    const kim = friend();
    const all = Array.from({ length: 23 }, (_, i) => postOf(kim, `Post ${i + 1} #gti`));
    serveTag('gti', all);
    await renderApp('/tags/gti');
    const region = await screen.findByRole('region', { name: 'Posts with #gti' });
    await waitFor(() => expect(within(region).getAllByRole('article')).toHaveLength(20));
    fireEvent.click(within(region).getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(within(region).getAllByRole('article')).toHaveLength(23));
    const asked = server.to('GET', `${API}/tags/gti/posts`).map((r) => params(r).get('before'));
    expect(asked).toEqual([null, all[19]!.id]);
  });

  it('a tag that is none says so', async () => {
    server.always(`GET ${API}/tags/bad-tag/posts`, () => fail(400, 'VALIDATION_ERROR', 'bad'));
    await renderApp('/tags/bad-tag');
    expect(await screen.findByRole('heading', { name: '#bad-tag is not a tag' })).toBeTruthy();
  });
});

describe('a mention’s link', () => {
  it('/u/$username opens the member’s profile', async () => {
    const kim = friend();
    server.always(`GET ${API}/users/by-username/kiml`, () =>
      json(200, {
        success: true,
        data: {
          id: kim.id,
          username: 'kiml',
          firstName: 'Kim',
          lastName: 'Lee',
          avatar: null,
          city: null,
          bio: null,
          email: null,
          friendship: { status: 'friends', requestId: null },
        },
      }),
    );
    const { router } = await renderApp('/u/kiml');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/people/${kim.id}`));
  });

  it('nobody by that name says so', async () => {
    server.always(`GET ${API}/users/by-username/ghost`, () => fail(404, 'NOT_FOUND', 'User not found'));
    await renderApp('/u/ghost');
    expect(await screen.findByRole('heading', { name: 'No member is called @ghost' })).toBeTruthy();
  });
});

// A friend's profile shows their cars (each opening /car/{id}) and their posts, and the ways to write
// to them (a message, a chat); my profile lists my posts.
// Skeletons while loading, an empty state that says what to do, an error with retry, "load more".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Car } from '@/contract/garage';
import type { Post } from '@/contract/posts';
import { REALTIME_ONLY_ID } from '@/contract/socket-events';
import { routeNotification } from '@/lib/realtime/socket-streams';
import { TEST_USER } from '@/testing/session-mock';
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

function carOf(owner: Member, make: string, model: string, nickname: string | null = null): Car {
  return {
    id: crypto.randomUUID(),
    ownerId: owner.id,
    make,
    model,
    year: 1973,
    nickname,
    energyType: null,
    gearboxType: null,
    upholsteryMaterial: null,
    mileage: null,
    mileageUnit: 'km',
    description: null,
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as Car;
}

const params = (req: RecordedRequest) => new URL(req.url, 'http://localhost').searchParams;

/** GET /users/{id}/posts over `posts` (newest first), paged like the feed (cursor = last id). */
function servePosts(memberId: string, posts: Post[]) {
  return server.always(`GET ${API}/users/${memberId}/posts`, (req) => {
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

/** GET /cars/feed?ownerId: the friend's cars. */
function serveCars(cars: Car[]) {
  return server.always(`GET ${API}/cars/feed`, (req) => {
    const q = params(req);
    const limit = Number(q.get('limit') ?? 20);
    const offset = Number(q.get('offset') ?? 0);
    return json(200, {
      success: true,
      data: cars.slice(offset, offset + limit),
      meta: { total: cars.length, limit, offset },
    });
  });
}

function friend(): Member {
  const kim = server.add({ firstName: 'Kim', lastName: 'Lee', username: 'kiml' });
  server.befriend(kim);
  return kim;
}

describe("a friend's profile", () => {
  it('lists their cars, each opening its page, and their posts; offers a message and a chat', async () => {
    const kim = friend();
    const alpine = carOf(kim, 'Alpine', 'A110', 'Bleue');
    serveCars([alpine, carOf(kim, 'Citroën', 'DS')]);
    servePosts(kim.id, [postOf(kim, 'Col de Turini at dawn'), postOf(kim, 'New tyres')]);
    await renderApp(`/people/${kim.id}`);

    const cars = await screen.findByRole('region', { name: 'Cars of Kim Lee' });
    const carLink = await within(cars).findByRole('link', { name: /Bleue/ });
    expect(carLink.getAttribute('href')).toBe(`/car/${alpine.id}`);
    expect(within(cars).getByRole('link', { name: /Citroën DS/ })).toBeTruthy();
    expect(
      new URL(server.to('GET', `${API}/cars/feed`)[0]!.url, 'http://x').searchParams.get('ownerId'),
    ).toBe(kim.id);

    const posts = screen.getByRole('region', { name: 'Posts by Kim Lee' });
    const articles = await within(posts).findAllByRole('article', { name: 'Post by Kim Lee' });
    expect(articles.map((a) => a.querySelector('.post-card__content')?.textContent)).toEqual([
      'Col de Turini at dawn',
      'New tyres',
    ]);

    const actions = document.querySelector<HTMLElement>('.people-card__actions')!;
    expect(within(actions).getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe(
      `/compose-message?to=${kim.id}`,
    );
    expect(within(actions).getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe(
      `/chat/with/${kim.id}`,
    );
  });

  it("a like on one of their posts shows at once (the list's own copy)", async () => {
    const kim = friend();
    serveCars([]);
    servePosts(kim.id, [postOf(kim, 'Like me')]);
    await renderApp(`/people/${kim.id}`);
    const post = await screen.findByRole('article', { name: 'Post by Kim Lee' });
    const like = within(post).getByRole('button', { name: /^Like(?!d)/ });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toContain('1 like');
    expect(within(post).getByRole('button', { name: 'Liked by you' })).toBeTruthy();
  });

  it('a post of theirs written elsewhere shows live (the realtime `post` notification)', async () => {
    const kim = friend();
    serveCars([]);
    const posts = [postOf(kim, 'First')];
    servePosts(kim.id, posts);
    await renderApp(`/people/${kim.id}`);
    const region = await screen.findByRole('region', { name: 'Posts by Kim Lee' });
    await within(region).findByText('First');
    const fresh = { ...postOf(kim, 'Just now'), createdAt: '2026-04-01T00:00:00.000Z' };
    posts.unshift(fresh);
    routeNotification({
      id: REALTIME_ONLY_ID,
      type: 'post',
      jsonPayload: { relatedPostId: fresh.id, relatedFriendId: kim.id, action: 'created' },
      createdAt: fresh.createdAt,
    });
    expect(await within(region).findByText('Just now')).toBeTruthy();
  });

  it('"Load more posts" follows the cursor', async () => {
    const kim = friend();
    serveCars([]);
    const all = Array.from({ length: 23 }, (_, i) => postOf(kim, `Post ${i + 1}`));
    servePosts(kim.id, all);
    await renderApp(`/people/${kim.id}`);
    const posts = await screen.findByRole('region', { name: 'Posts by Kim Lee' });
    await waitFor(() => expect(within(posts).getAllByRole('article')).toHaveLength(20));
    fireEvent.click(within(posts).getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(within(posts).getAllByRole('article')).toHaveLength(23));
    expect(within(posts).queryByRole('button', { name: 'Load more posts' })).toBeNull();
    const asked = server.to('GET', `${API}/users/${kim.id}/posts`).map((r) => params(r).get('before'));
    expect(asked).toEqual([null, all[19]!.id]);
  });

  it('nothing yet: says so for cars and posts', async () => {
    const kim = friend();
    serveCars([]);
    servePosts(kim.id, []);
    await renderApp(`/people/${kim.id}`);
    expect(await screen.findByRole('heading', { name: 'Kim Lee has no car in the garage yet' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Kim Lee has not posted yet' })).toBeTruthy();
  });

  it('skeletons while loading', async () => {
    const kim = friend();
    const carsAnswer = deferred<Response>();
    const postsAnswer = deferred<Response>();
    server.always(`GET ${API}/cars/feed`, () => carsAnswer.promise);
    server.always(`GET ${API}/users/${kim.id}/posts`, () => postsAnswer.promise);
    await renderApp(`/people/${kim.id}`);
    expect(await screen.findByRole('status', { name: 'Loading the cars' })).toBeTruthy();
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeTruthy();
    carsAnswer.resolve(json(200, { success: true, data: [], meta: { total: 0, limit: 20, offset: 0 } }));
    postsAnswer.resolve(
      json(200, { success: true, data: [], meta: { total: 0, limit: 20, offset: 0, nextCursor: null } }),
    );
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading posts' })).toBeNull());
  });

  it('a failure says so, and "Try again" loads them', async () => {
    const kim = friend();
    const stopCars = server.always(`GET ${API}/cars/feed`, () => fail(500, 'INTERNAL_ERROR', 'boom'));
    const stopPosts = server.always(`GET ${API}/users/${kim.id}/posts`, () =>
      fail(500, 'INTERNAL_ERROR', 'boom'),
    );
    await renderApp(`/people/${kim.id}`);
    expect(await screen.findByText('These cars could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('These posts could not be loaded.')).toBeTruthy();
    stopCars();
    stopPosts();
    serveCars([carOf(kim, 'Lancia', 'Fulvia')]);
    servePosts(kim.id, [postOf(kim, 'Back online')]);
    const cars = screen.getByRole('region', { name: 'Cars of Kim Lee' });
    fireEvent.click(within(cars).getByRole('button', { name: 'Try again' }));
    expect(await within(cars).findByRole('link', { name: /Lancia Fulvia/ })).toBeTruthy();
    const posts = screen.getByRole('region', { name: 'Posts by Kim Lee' });
    fireEvent.click(within(posts).getByRole('button', { name: 'Try again' }));
    expect(await within(posts).findByText('Back online')).toBeTruthy();
  });
});

describe('not a friend', () => {
  it('no cars, no posts asked: says they show once friends', async () => {
    const kim = server.add({ firstName: 'Kim', lastName: 'Lee' });
    await renderApp(`/people/${kim.id}`);
    expect(
      await screen.findByText('Once you are friends, you will see the cars and posts of Kim Lee.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Send a message' })).toBeNull();
    expect(server.to('GET', `${API}/cars/feed`)).toHaveLength(0);
    expect(server.to('GET', `${API}/users/${kim.id}/posts`)).toHaveLength(0);
  });
});

describe('my profile', () => {
  it('lists my posts', async () => {
    servePosts(TEST_USER.id, [postOf(server.me, 'My first drive')]);
    await renderApp('/profile');
    const posts = await screen.findByRole('region', { name: 'My posts' });
    expect(await within(posts).findByText('My first drive')).toBeTruthy();
    // My own post: its Edit is mine.
    expect(within(posts).getByRole('link', { name: 'Edit' })).toBeTruthy();
  });

  it('no post yet: leads to writing one', async () => {
    servePosts(TEST_USER.id, []);
    await renderApp('/profile');
    const posts = await screen.findByRole('region', { name: 'My posts' });
    expect(await within(posts).findByRole('heading', { name: 'You have not posted yet' })).toBeTruthy();
    expect(within(posts).getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/create-post');
  });
});

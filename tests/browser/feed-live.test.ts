// The feed, end to end with two friends in two browsers: A writes a post with rich text
// and a photo; B, whose feed is open, sees it arrive live, likes it and comments on it; A, on the
// post's page, sees the like and the comment arrive and the bell count them, live. Then B, offline
// (B alone: A and the server carry on), likes and comments another post of A's; the app shows
// both at once, waiting; back online, each reaches the server once.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, test, vi } from 'vitest';
import { apiCall, newMember } from './support/api.mjs';
import { apiLogin, waitForControllingWorker } from './support/garage-flows';
import {
  backOnlineAlone,
  expectBellUnread,
  fill,
  filled,
  goOfflineAlone,
  openFromNav,
  STEP_TIMEOUT_MS,
  signUpThroughForm,
} from './support/people-flows';
import { exactly, expectPath, t, useE2e, waitForApiQuiet, watchApiTraffic } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();

const API = '/api/v1.0';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface ServerPost {
  id: string;
  author: { id: string };
  content: string;
  image: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  likes: string[];
  likesCount: number;
  commentsCount: number;
}

interface ServerComment {
  id: string;
  postId: string;
  author: { id: string };
  content: string;
  parentCommentId: string | null;
}

async function serverPost(token: string, id: string): Promise<ServerPost> {
  const res = await apiCall(e2e.baseUrl, 'GET', `/posts/${id}`, undefined, token);
  expect(res.status).toBe(200);
  return res.json.data as ServerPost;
}

/** Every comment of a post on the server (the API's largest page is 100), with its total. */
async function serverComments(
  token: string,
  postId: string,
): Promise<{ comments: ServerComment[]; total: number }> {
  const res = await apiCall(
    e2e.baseUrl,
    'GET',
    `/comments/post/${postId}?limit=100&offset=0&sortBy=oldest`,
    undefined,
    token,
  );
  expect(res.status).toBe(200);
  return { comments: res.json.data as ServerComment[], total: res.json.meta.total as number };
}

async function serverUnread(token: string): Promise<number> {
  const res = await apiCall(e2e.baseUrl, 'GET', '/notifications/unread/count', undefined, token);
  expect(res.status).toBe(200);
  return res.json.data.count as number;
}

/** A small real PNG, made on the spot (the server decodes it and stores its own copy). */
function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

/** A card of the page (feed or post page) by its author and a piece of its text. */
function postCard(page: Page, author: string, text: string): Locator {
  return page
    .getByRole('article', { name: filled('POSTS.POST_BY', { name: author }) })
    .filter({ hasText: text });
}

/** The card's like button (its name is "Like" then the count). */
function likeButton(card: Locator): Locator {
  return card.getByRole('button', { name: new RegExp(`^\\s*${escape(t('POSTS.LIKE'))}\\b`) });
}

async function expectLikes(card: Locator, count: number, likedByMe: boolean): Promise<void> {
  await card.getByText(exactly(fill('POSTS.LIKES_COUNT', { count }))).waitFor({ timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(() => likeButton(card).getAttribute('aria-pressed'), { timeout: STEP_TIMEOUT_MS })
    .toBe(String(likedByMe));
}

/** The comments of the open post page (top level). */
function commentItems(page: Page): Locator {
  return page.getByRole('list', { name: exactly(t('COMMENTS.TITLE')) }).getByRole('listitem');
}

/** From a card, its comments link leads to the post's page. */
async function openPostFromCard(page: Page, card: Locator, comments: number): Promise<void> {
  await card.getByRole('link', { name: filled('POSTS.COMMENTS_COUNT', { count: comments }) }).click();
  await screenHeading(page, 'POSTS.POST_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

async function writeComment(page: Page, text: string): Promise<void> {
  const box = page.getByLabel(t('COMMENTS.COMMENT_LABEL'), { exact: true });
  await box.fill(text);
  await page.getByRole('button', { name: exactly(t('COMMENTS.SEND')) }).click();
  // Saved on this device: the composer empties and the comment shows.
  await expect.poll(() => box.inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe('');
  await commentItems(page).filter({ hasText: text }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The header's sync button, once its name says `text` (e.g. "2 changes waiting to be sent"). */
function syncButton(page: Page, text: string): Locator {
  return page.getByRole('button', { name: new RegExp(escape(text)) });
}

/** Waits until the image has loaded and returns its natural size. */
async function loadedSize(image: Locator): Promise<{ width: number; height: number }> {
  await image.waitFor({ timeout: STEP_TIMEOUT_MS });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

test(
  'A posts with a photo, B sees it live, likes and comments, A is told live; B offline likes and comments, each reaches the server once',
  { timeout: 300_000 },
  async () => {
    const memberA = { ...newMember('ada'), firstName: 'Ada', lastName: 'Lovelace' };
    const memberB = { ...newMember('grace'), firstName: 'Grace', lastName: 'Hopper' };
    const nameA = 'Ada Lovelace';
    const nameB = 'Grace Hopper';

    // A and B sign up, each in a browser of their own.
    const a = await e2e.newPage({ locale: 'en-US' });
    const b = await e2e.newPage({ locale: 'en-US' });
    // B's API requests on the wire, to tell when none of B's writes can still arrive.
    const trafficB = watchApiTraffic(b);
    await signUpThroughForm(a, e2e.baseUrl, memberA);
    await signUpThroughForm(b, e2e.baseUrl, memberB);
    await waitForControllingWorker(b);
    await screenHeading(b, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    // Another session each (another device), for the set-up and to ask the server what it holds.
    const tokenA = await apiLogin(e2e.baseUrl, memberA);
    const tokenB = await apiLogin(e2e.baseUrl, memberB);
    const idA = (await apiCall(e2e.baseUrl, 'GET', '/auth/me', undefined, tokenA)).json.data.id as string;
    const idB = (await apiCall(e2e.baseUrl, 'GET', '/auth/me', undefined, tokenB)).json.data.id as string;

    // They become friends (the friends screens have their own test: people-messages).
    const asked = await apiCall(e2e.baseUrl, 'POST', '/friends/request', { userId: idB }, tokenA);
    expect(asked.status).toBe(201);
    const answered = await apiCall(
      e2e.baseUrl,
      'PUT',
      `/friends/request/${asked.json.data.request.id as string}`,
      { action: 'accept' },
      tokenB,
    );
    expect(answered.status).toBe(200);

    // An earlier post of A's, without a photo, for B's offline like and comment later on.
    const secondId = randomUUID();
    const secondText = 'Oil change done, ready for the season.';
    const second = await apiCall(
      e2e.baseUrl,
      'POST',
      '/posts',
      { id: secondId, content: `<p>${secondText}</p>` },
      tokenA,
    );
    expect(second.status).toBe(201);
    // B's open feed hears of it (a friend's new post) and shows it.
    const secondOnB = postCard(b, nameA, secondText);
    await secondOnB.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expectLikes(secondOnB, 0, false);

    // A writes a post: rich text typed into the editor (a bold word), and a photo.
    await a.getByRole('link', { name: exactly(t('POSTS.NEW_POST')) }).click();
    await expectPath(a, '/create-post', STEP_TIMEOUT_MS);
    await screenHeading(a, 'POSTS.CREATE_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    const editor = a.getByRole('textbox', { name: exactly(t('POSTS.CONTENT_LABEL')) });
    await editor.waitFor({ timeout: STEP_TIMEOUT_MS }); // Quill loads on first use
    await editor.click();
    await a.keyboard.type('Track day on ');
    const bold = a.getByRole('button', { name: exactly(t('EDITOR.TOOL_BOLD')) });
    await bold.click();
    await a.keyboard.type('Saturday');
    await bold.click();
    await a.keyboard.type(', who is coming?');
    const postText = 'Track day on Saturday, who is coming?';
    await editor.getByText(postText).waitFor({ timeout: STEP_TIMEOUT_MS });
    await editor.locator('strong', { hasText: exactly('Saturday') }).waitFor({ timeout: STEP_TIMEOUT_MS });

    const photo = { name: 'track.png', mimeType: 'image/png', buffer: await makePng(120, 80) };
    await a.getByLabel(t('PHOTOS.ADD'), { exact: true }).setInputFiles(photo);
    const preview = a.getByRole('img', { name: exactly(t('PHOTOS.PREVIEW_ALT').replace('{n}', '1')) });
    expect(await loadedSize(preview)).toEqual({ width: 120, height: 80 });
    await a.getByRole('button', { name: exactly(t('POSTS.PUBLISH')) }).click();
    await expectPath(a, '/feed', STEP_TIMEOUT_MS);
    const firstOnA = postCard(a, nameA, postText);
    await firstOnA.waitFor({ timeout: STEP_TIMEOUT_MS });

    // B, who has not moved, sees it arrive live: its text (the bold word kept) and its photo.
    const firstOnB = postCard(b, nameA, postText);
    await firstOnB.waitFor({ timeout: STEP_TIMEOUT_MS });
    await firstOnB.locator('strong', { hasText: exactly('Saturday') }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const photoOnB = firstOnB.getByRole('img', { name: exactly(t('POSTS.IMAGE_N_ALT').replace('{n}', '1')) });
    expect(await loadedSize(photoOnB)).toEqual({ width: 120, height: 80 });
    await expectLikes(firstOnB, 0, false);
    // Newest first.
    const feedB = b.getByRole('list', { name: exactly(t('POSTS.MY_POSTS_TITLE')) });
    await expect
      .poll(
        async () => (await feedB.getByRole('article').allTextContents()).map((s) => s.includes(postText)),
        {
          timeout: STEP_TIMEOUT_MS,
        },
      )
      .toEqual([true, false]);

    // The server holds it once, with A's client id.
    const feedOnServer = await apiCall(
      e2e.baseUrl,
      'GET',
      '/posts/feed?limit=100&offset=0',
      undefined,
      tokenB,
    );
    expect(feedOnServer.status).toBe(200);
    const firstOnServer = (feedOnServer.json.data as ServerPost[]).filter((p) => p.id !== secondId);
    expect(firstOnServer).toHaveLength(1);
    const firstId = firstOnServer[0]!.id;
    expect(firstOnServer[0]).toMatchObject({ author: { id: idA }, imageWidth: 120, imageHeight: 80 });
    expect(firstOnServer[0]!.content).toContain('<strong>Saturday</strong>');

    // A opens the post's page (sent: no longer waiting) and watches it; the bell shows what A has.
    await firstOnA
      .getByText(exactly(t('POSTS.PENDING')))
      .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await openPostFromCard(a, firstOnA, 0);
    const firstPageA = postCard(a, nameA, postText);
    await firstPageA.waitFor({ timeout: STEP_TIMEOUT_MS });
    await a.getByText(exactly(t('COMMENTS.EMPTY'))).waitFor({ timeout: STEP_TIMEOUT_MS });
    const unreadBefore = await serverUnread(tokenA);
    await expectBellUnread(a, unreadBefore);

    // B likes it from the feed: A's page counts the like and A's bell rings, without a reload.
    await likeButton(firstOnB).click();
    await expectLikes(firstOnB, 1, true);
    await expectLikes(firstPageA, 1, false);
    await expectBellUnread(a, unreadBefore + 1);

    // B opens the post and comments: A sees the comment, by B, and a second notification.
    const comment = 'Count me in, I will bring the coffee.';
    await openPostFromCard(b, firstOnB, 0);
    await writeComment(b, comment);
    const commentOnA = commentItems(a).filter({ hasText: comment });
    await commentOnA.waitFor({ timeout: STEP_TIMEOUT_MS });
    await commentOnA.getByText(exactly(nameB)).waitFor({ timeout: STEP_TIMEOUT_MS });
    await firstPageA
      .getByText(exactly(fill('POSTS.COMMENTS_COUNT', { count: 1 })))
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await expectBellUnread(a, unreadBefore + 2);
    expect(a.url()).toBe(`${e2e.baseUrl}/post/${firstId}`);
    await syncButton(b, t('SYNC.ALL_SENT')).waitFor({ timeout: STEP_TIMEOUT_MS });
    const first = await serverPost(tokenA, firstId);
    expect(first).toMatchObject({ likes: [idB], likesCount: 1, commentsCount: 1 });

    // B's writes that get an answer from the server, from here on.
    const answered$: { path: string; status: number }[] = [];
    b.on('response', (response) => {
      if (response.request().method() !== 'POST') return;
      answered$.push({ path: new URL(response.url()).pathname, status: response.status() });
    });
    const likePath = `${API}/posts/${secondId}/like`;
    const commentPath = `${API}/comments`;

    // B goes back to the feed and offline (B alone: the server keeps running for A).
    await openFromNav(b, 'NAV.FEED', 'POSTS.MY_POSTS_TITLE');
    await expectLikes(secondOnB, 0, false);
    const contextB = b.context();
    await goOfflineAlone(contextB);
    try {
      await syncButton(b, t('COMMON.OFFLINE')).waitFor({ timeout: STEP_TIMEOUT_MS });
      // Offline, B likes the earlier post: it shows at once, waiting to be sent.
      await likeButton(secondOnB).click();
      await expectLikes(secondOnB, 1, true);
      await secondOnB.getByText(exactly(t('POSTS.PENDING'))).waitFor({ timeout: STEP_TIMEOUT_MS });
      // … and comments on it from its page (read from the device).
      await openPostFromCard(b, secondOnB, 0);
      const secondPageB = postCard(b, nameA, secondText);
      await expectLikes(secondPageB, 1, true);
      const offlineComment = 'Nice work. Which oil did you use?';
      await writeComment(b, offlineComment);
      const pendingComment = commentItems(b).filter({ hasText: offlineComment });
      await pendingComment.getByText(exactly(t('POSTS.PENDING'))).waitFor({ timeout: STEP_TIMEOUT_MS });
      await secondPageB
        .getByText(exactly(fill('POSTS.COMMENTS_COUNT', { count: 1 })))
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await syncButton(b, fill('COMMON.SYNC_PENDING', { count: 2 })).waitFor({ timeout: STEP_TIMEOUT_MS });

      // Nothing reached the server meanwhile, though it is up (A's browser still talks to it): B's
      // API requests fail at the network (goOfflineAlone), so the server is read as it is now.
      expect(await serverPost(tokenA, secondId)).toMatchObject({
        likes: [],
        likesCount: 0,
        commentsCount: 0,
      });
      expect((await serverComments(tokenA, secondId)).total).toBe(0);
      expect(answered$.filter((r) => r.path === likePath || r.path === commentPath)).toEqual([]);

      // A goes back to the feed meanwhile: the earlier post has no like, no comment yet.
      await openFromNav(a, 'NAV.FEED', 'POSTS.MY_POSTS_TITLE');
      const secondOnA = postCard(a, nameA, secondText);
      await expectLikes(secondOnA, 0, false);
      await secondOnA
        .getByText(exactly(fill('POSTS.COMMENTS_COUNT', { count: 0 })))
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      // Back online: the header says everything is sent, and the server holds each write once.
      await backOnlineAlone(contextB);
      await syncButton(b, t('SYNC.ALL_SENT')).waitFor({ timeout: STEP_TIMEOUT_MS });
      await vi.waitFor(
        async () => {
          // The like is a toggle: sent twice, it would be taken back.
          expect(await serverPost(tokenA, secondId)).toMatchObject({
            likes: [idB],
            likesCount: 1,
            commentsCount: 1,
          });
          const { comments, total } = await serverComments(tokenA, secondId);
          expect(total).toBe(1);
          expect(comments).toHaveLength(1);
          expect(comments[0]).toMatchObject({ author: { id: idB }, parentCommentId: null });
          expect(comments[0]!.content).toContain(offlineComment);
        },
        { timeout: STEP_TIMEOUT_MS, interval: 200 },
      );
      await pendingComment
        .getByText(exactly(t('POSTS.PENDING')))
        .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      await secondPageB
        .getByText(exactly(t('POSTS.PENDING')))
        .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      // A is told of both, once each, and A's open feed counts them, without a reload.
      await expectBellUnread(a, unreadBefore + 4);
      await expectLikes(secondOnA, 1, false);
      await secondOnA
        .getByText(exactly(fill('POSTS.COMMENTS_COUNT', { count: 1 })))
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(new URL(a.url()).pathname).toBe('/feed');

      // Once, still, once B's outbox is empty and none of B's requests is on the wire (nothing of
      // B's can arrive later): one request each answered, one like, one comment.
      await waitForApiQuiet(trafficB);
      expect(answered$.filter((r) => r.path === likePath)).toEqual([{ path: likePath, status: 200 }]);
      expect(answered$.filter((r) => r.path === commentPath)).toEqual([{ path: commentPath, status: 201 }]);
      expect(await serverPost(tokenA, secondId)).toMatchObject({
        likes: [idB],
        likesCount: 1,
        commentsCount: 1,
      });
      expect((await serverComments(tokenA, secondId)).total).toBe(1);
      expect(await serverUnread(tokenA)).toBe(unreadBefore + 4);
      // The first post did not change meanwhile.
      expect(await serverPost(tokenA, firstId)).toMatchObject({
        likes: [idB],
        likesCount: 1,
        commentsCount: 1,
      });

      // B reloads: the like and the comment are there, sent.
      await b.reload();
      await screenHeading(b, 'POSTS.POST_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
      await expectLikes(secondPageB, 1, true);
      const reloadedComment = commentItems(b).filter({ hasText: offlineComment });
      await reloadedComment.getByText(exactly(nameB)).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await commentItems(b).count()).toBe(1);
      expect(await b.getByText(exactly(t('POSTS.PENDING'))).count()).toBe(0);
      await syncButton(b, t('SYNC.ALL_SENT')).waitFor({ timeout: STEP_TIMEOUT_MS });
    } finally {
      await backOnlineAlone(contextB);
    }
  },
);

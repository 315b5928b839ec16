// "the way to things": a friend likes, comments, messages and adds the member to a chat
// group, a stranger asks to be a friend; the member opens each notification and lands on its item
// (the post at the comment, the message, the requests tab, the chat room) and the bell goes down
// to 0. Then the spec's back rule (§2) in the app: a deep link to a post, Back → the feed; feed →
// post → Back → the feed; the post edit form's Cancel returns to the post without leaving the app.
// Last, the post screen's header with its back control at 360 px in French (a screenshot).
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, newMember, signInAnotherDevice, signUpViaApi } from './support/api.mjs';
import { bell, expectBellUnread, notificationItems, STEP_TIMEOUT_MS } from './support/people-flows';
import { exactly, expectPath, t, useE2e } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function call(method: string, path: string, body: unknown, token: string) {
  const res = await apiCall(e2e.baseUrl, method, path, body, token);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  return res.json.data as Record<string, unknown>;
}

async function serverUnread(token: string): Promise<number> {
  const res = await apiCall(e2e.baseUrl, 'GET', '/notifications/unread/count', undefined, token);
  return res.json.data.count as number;
}

/** Opens the notifications screen from the header's bell. */
async function openBell(page: Page): Promise<void> {
  await bell(page).click();
  await expectPath(page, '/notifications', STEP_TIMEOUT_MS);
  await screenHeading(page, 'NOTIFICATIONS.TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Taps the notification whose text starts with `text`. */
async function openNotification(page: Page, text: string): Promise<void> {
  await notificationItems(page)
    .getByRole('button', { name: new RegExp(`^${escape(text)}`) })
    .first()
    .click();
}

/** On the feed, follows the post card's link to its page (the card may still be replaced as the feed refreshes). */
async function openPostFromFeed(page: Page, postId: string): Promise<void> {
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  const link = page.getByRole('article').locator(`a[href="/post/${postId}"]`).first();
  await expect
    .poll(
      async () => {
        if (new URL(page.url()).pathname === '/feed')
          await link.click({ timeout: 5_000 }).catch(() => undefined);
        return new URL(page.url()).pathname;
      },
      { timeout: STEP_TIMEOUT_MS, interval: 1_000 },
    )
    .toBe(`/post/${postId}`);
  await screenHeading(page, 'POSTS.POST_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

const back = (page: Page, locale: 'en-US' | 'fr-FR' = 'en-US') =>
  page.getByRole('button', { name: exactly(t('COMMON.BACK', locale)) });

test('each notification opens its item, the bell goes down, and Back and Cancel stay in the app', async () => {
  const me = await signUpViaApi(e2e.baseUrl, { ...newMember('me'), firstName: 'Mia', lastName: 'Moreau' });
  const friend = await signUpViaApi(e2e.baseUrl, { ...newMember('fr'), firstName: 'Bob', lastName: 'Brun' });
  const stranger = await signUpViaApi(e2e.baseUrl, {
    ...newMember('st'),
    firstName: 'Sam',
    lastName: 'Sorel',
  });
  const meId = me.user.id as string;
  const asked = await call('POST', '/friends/request', { userId: meId }, friend.token);
  await call(
    'PUT',
    `/friends/request/${(asked.request as { id: string }).id}`,
    { action: 'accept' },
    me.token,
  );
  const readAll = await apiCall(e2e.baseUrl, 'PUT', '/notifications/read-all', undefined, friend.token);
  expect(readAll.status).toBe(200);
  await apiCall(e2e.baseUrl, 'PUT', '/notifications/read-all', undefined, me.token);

  const post = await call('POST', '/posts', { content: '<p>Track day at Magny-Cours</p>' }, me.token);
  const postId = post.id as string;
  await call('POST', `/posts/${postId}/like`, undefined, friend.token);
  const comment = await call('POST', '/comments', { postId, content: 'Great lines!' }, friend.token);
  const message = await call(
    'POST',
    '/messages',
    { recipientId: meId, subject: 'Saturday', content: '<p>Coming to the track?</p>' },
    friend.token,
  );
  await call('POST', '/friends/request', { userId: meId }, stranger.token);
  const group = await call('POST', '/chat-groups', { name: 'Track crew', memberIds: [meId] }, friend.token);
  const unread = await serverUnread(me.token);
  expect(unread).toBeGreaterThanOrEqual(5);

  const page = await e2e.newPage({ session: me, locale: 'en-US', viewport: { width: 390, height: 844 } });
  await page.goto(`${e2e.baseUrl}/notifications`);
  await screenHeading(page, 'NOTIFICATIONS.TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectBellUnread(page, unread);

  // The like: the post; Back (the rule: the earlier top-level screen) returns to the list.
  await openNotification(page, t('NOTIFICATIONS.POST_LIKED', 'en-US').replace('{name}', 'Bob Brun'));
  await expectPath(page, `/post/${postId}`, STEP_TIMEOUT_MS);
  await screenHeading(page, 'POSTS.POST_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await back(page).click();
  await expectPath(page, '/notifications', STEP_TIMEOUT_MS);

  // The comment: the post, at the comment.
  await openNotification(page, 'Bob Brun commented');
  await expectPath(page, `/post/${postId}`, STEP_TIMEOUT_MS);
  expect(new URL(page.url()).hash).toBe(`#comment-${comment.id as string}`);
  await page.getByText('Great lines!').waitFor({ timeout: STEP_TIMEOUT_MS });
  await back(page).click();
  await expectPath(page, '/notifications', STEP_TIMEOUT_MS);

  // The message: the message itself.
  await openNotification(page, 'Bob Brun sent you a message');
  await expectPath(page, `/message/${message.id as string}`, STEP_TIMEOUT_MS);
  await page.getByRole('heading', { level: 1, name: 'Saturday' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await openBell(page);

  // The request: the friends screen's requests tab.
  await openNotification(page, 'Sam Sorel asked to be your friend');
  await expectPath(page, '/friends', STEP_TIMEOUT_MS);
  expect(new URL(page.url()).searchParams.get('tab')).toBe('requests');
  await page
    .getByRole('tab', { name: new RegExp(`^\\s*${escape(t('FRIENDS.TAB_REQUESTS'))}`), selected: true })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await openBell(page);

  // The chat group: its room; Back returns to the list.
  await openNotification(page, 'Bob Brun added you');
  await expectPath(page, `/chat/${group.chatRoomId as string}`, STEP_TIMEOUT_MS);
  // The room's own header, before its Back: the URL changes before the room renders, and until
  // then the list's header (and its own Back, to the feed) is still the one on screen.
  await page.getByRole('heading', { level: 1, name: 'Track crew' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await back(page).click();
  await expectPath(page, '/notifications', STEP_TIMEOUT_MS);

  // Every item opened: the bell is down to 0, here and on the server.
  await expectBellUnread(page, 0);
  await expect.poll(() => serverUnread(me.token), { timeout: STEP_TIMEOUT_MS }).toBe(0);

  // A deep link to the post (a fresh load, nothing earlier): Back lands on the feed.
  await page.goto(`${e2e.baseUrl}/post/${postId}`);
  await screenHeading(page, 'POSTS.POST_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await back(page).click();
  await expectPath(page, '/feed', STEP_TIMEOUT_MS);
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });

  // In the app: feed → post → Back → the feed.
  await openPostFromFeed(page, postId);
  await back(page).click();
  await expectPath(page, '/feed', STEP_TIMEOUT_MS);

  // The edit form's Cancel goes back to the post, inside the app (not the browser's history).
  await openPostFromFeed(page, postId);
  await page.getByRole('link', { name: exactly(t('POSTS.EDIT')) }).click();
  await expectPath(page, `/edit-post/${postId}`, STEP_TIMEOUT_MS);
  await page.getByRole('button', { name: exactly(t('POSTS.CANCEL')) }).click();
  await expectPath(page, `/post/${postId}`, STEP_TIMEOUT_MS);
  // A deep link to the form: Cancel goes to its post, not out of the app.
  await page.goto(`${e2e.baseUrl}/edit-post/${postId}`);
  await page.getByRole('button', { name: exactly(t('POSTS.CANCEL')) }).click();
  await expectPath(page, `/post/${postId}`, STEP_TIMEOUT_MS);
  expect(new URL(page.url()).origin).toBe(new URL(e2e.baseUrl).origin);

  // The post screen's header at 360 px in French: the back arrow "Retour", nothing wider than the screen.
  // Another device of the member, which reads French, and the account says so too: a device applies
  // the account's language when the server's copy of the member arrives, and the first device (an
  // English browser) saved English, which would switch this page to English mid-test. Its own
  // session: two devices never share a refresh token.
  const second = await signInAnotherDevice(e2e.baseUrl, me, 'fr-FR');
  const fr = await e2e.newPage({
    session: { ...second, locale: 'fr-FR' },
    locale: 'fr-FR',
    viewport: { width: 360, height: 740 },
  });
  await fr.goto(`${e2e.baseUrl}/post/${postId}`);
  await screenHeading(fr, 'POSTS.POST_TITLE', 'fr-FR').waitFor({ timeout: STEP_TIMEOUT_MS });
  await back(fr, 'fr-FR').waitFor({ state: 'visible' });
  expect(await fr.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await back(fr, 'fr-FR').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await fr.screenshot({ path: '/tmp/paddock-back-fr-360.png' });
  // A chat room's header holds the back arrow, the group's name and its settings button.
  await fr.goto(`${e2e.baseUrl}/chat/${group.chatRoomId as string}`);
  await fr.getByRole('heading', { level: 1, name: 'Track crew' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await back(fr, 'fr-FR').waitFor({ state: 'visible' });
  expect(await fr.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await fr.screenshot({ path: '/tmp/paddock-back-chat-fr-360.png' });
});

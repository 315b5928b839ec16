// Chat, end to end with three friends: A (Ada) and B (Grace) in two browsers, C (Linus)
// through the API (another device). A creates a group with B and C through the form; B's open
// room list shows it live, then A's first message with an unread badge; B opens the conversation
// (read), sees C's message arrive live and A sees B typing. B, offline (B alone: A and the server
// carry on), writes three messages: shown at once, waiting; back online they reach the server in
// order, each once, and A sees them live. Last, A starts a direct chat with C by recipientId (the
// recipient modal), and the first message makes the route the room's.
import type { Locator, Page } from 'playwright-core';
import { expect, test, vi } from 'vitest';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import { apiLogin, waitForControllingWorker } from './support/garage-flows';
import {
  backOnlineAlone,
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

interface ServerChatMessage {
  id: string;
  chatRoomId: string;
  sender: { id: string };
  content: string;
}

/** A room's messages on the server, oldest first (the API answers newest first). */
async function serverMessages(token: string, roomId: string): Promise<ServerChatMessage[]> {
  const res = await apiCall(
    e2e.baseUrl,
    'GET',
    `/chat-messages/chat-room/${roomId}?limit=100&offset=0`,
    undefined,
    token,
  );
  expect(res.status).toBe(200);
  return (res.json.data as ServerChatMessage[]).reverse();
}

async function befriend(tokenFrom: string, tokenTo: string, idTo: string): Promise<void> {
  const asked = await apiCall(e2e.baseUrl, 'POST', '/friends/request', { userId: idTo }, tokenFrom);
  expect(asked.status).toBe(201);
  const answered = await apiCall(
    e2e.baseUrl,
    'PUT',
    `/friends/request/${asked.json.data.request.id as string}`,
    { action: 'accept' },
    tokenTo,
  );
  expect(answered.status).toBe(200);
}

function roomRow(page: Page, name: string): Locator {
  return page.getByTestId('chat-room-row').filter({ hasText: name });
}

function bubble(page: Page, text: string): Locator {
  return page.getByTestId('chat-message').filter({ hasText: text });
}

async function texts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="chat-message"] .chat-message__text').allInnerTexts();
}

/** Writes in the open conversation's composer and sends with Enter; the box empties at once. */
async function write(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: exactly(t('CHAT.MESSAGE_LABEL')) });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => box.inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe('');
}

test(
  'a group conversation live across two browsers, an offline send replayed in order once, a direct chat by recipientId',
  { timeout: 300_000 },
  async () => {
    const memberA = { ...newMember('ada'), firstName: 'Ada', lastName: 'Lovelace' };
    const memberB = { ...newMember('grace'), firstName: 'Grace', lastName: 'Hopper' };
    const memberC = { ...newMember('linus'), firstName: 'Linus', lastName: 'Torvalds' };
    const nameB = 'Grace Hopper';
    const nameC = 'Linus Torvalds';
    const group = 'Track day crew';

    const a = await e2e.newPage({ locale: 'en-US' });
    const b = await e2e.newPage({ locale: 'en-US' });
    // B's API requests on the wire, to tell when none of B's writes can still arrive.
    const trafficB = watchApiTraffic(b);
    await signUpThroughForm(a, e2e.baseUrl, memberA);
    await signUpThroughForm(b, e2e.baseUrl, memberB);
    // B's app will work offline: its service worker must control the page first.
    await waitForControllingWorker(b);
    await screenHeading(b, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    const { token: tokenC, user: userC } = await signUpViaApi(e2e.baseUrl, memberC);
    const tokenA = await apiLogin(e2e.baseUrl, memberA);
    const tokenB = await apiLogin(e2e.baseUrl, memberB);
    const idA = (await apiCall(e2e.baseUrl, 'GET', '/auth/me', undefined, tokenA)).json.data.id as string;
    const idB = (await apiCall(e2e.baseUrl, 'GET', '/auth/me', undefined, tokenB)).json.data.id as string;
    const idC = userC.id as string;
    // A is friends with both (the friends screens have their own test).
    await befriend(tokenA, tokenB, idB);
    await befriend(tokenA, tokenC, idC);

    // B watches the room list: nothing yet.
    await openFromNav(b, 'NAV.CHAT', 'CHAT.TITLE');
    await b.getByText(exactly(t('CHAT.EMPTY_ROOMS'))).waitFor({ timeout: STEP_TIMEOUT_MS });

    // A creates the group through the form, members chosen among A's friends.
    await openFromNav(a, 'NAV.CHAT', 'CHAT.TITLE');
    await a
      .getByRole('link', { name: exactly(t('CHAT.NEW_GROUP')) })
      .first()
      .click();
    await expectPath(a, '/create-chat-group', STEP_TIMEOUT_MS);
    await screenHeading(a, 'CHAT.CREATE_GROUP_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await a.getByLabel(t('CHAT.GROUP_NAME'), { exact: false }).fill(group);
    const members = a.getByRole('group', { name: exactly(t('CHAT.GROUP_MEMBERS')) });
    await members.getByRole('checkbox', { name: nameB }).check({ timeout: STEP_TIMEOUT_MS });
    await members.getByRole('checkbox', { name: nameC }).check();
    await a.getByRole('button', { name: exactly(t('CHAT.CREATE_GROUP_SUBMIT')) }).click();
    await a.getByRole('heading', { level: 1, name: exactly(group) }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const roomId = new URL(a.url()).pathname.split('/').at(-1)!;
    expect(a.url()).toContain(`/chat/${roomId}`);

    // B's list shows the new group live; A's first message arrives there with an unread badge.
    await roomRow(b, group).waitFor({ timeout: STEP_TIMEOUT_MS });
    await write(a, 'Who is in for Saturday?');
    await bubble(a, 'Who is in for Saturday?').waitFor({ timeout: STEP_TIMEOUT_MS });
    const rowOnB = roomRow(b, group);
    await rowOnB.filter({ hasText: 'Who is in for Saturday?' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await rowOnB
      .getByTestId('chat-room-unread')
      .filter({ hasText: fill('CHAT.UNREAD_COUNT', { count: 1 }) })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await b
      .getByTestId('chat-unread-badge')
      .filter({ hasText: fill('CHAT.UNREAD_BADGE', { count: 1 }) })
      .waitFor({ timeout: STEP_TIMEOUT_MS });

    // B opens it: the message with A's name; the room is read on the server.
    await rowOnB.click();
    await expectPath(b, `/chat/${roomId}`, STEP_TIMEOUT_MS);
    await bubble(b, 'Who is in for Saturday?')
      .filter({ hasText: 'Ada Lovelace' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await vi.waitFor(
      async () => {
        const room = await apiCall(e2e.baseUrl, 'GET', `/chat-rooms/${roomId}`, undefined, tokenB);
        expect(room.json.data.unreadCount).toBe(0);
      },
      { timeout: STEP_TIMEOUT_MS, interval: 200 },
    );
    await b.getByTestId('chat-unread-badge').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });

    // C writes from another device: both open conversations show it live, with C's name.
    const fromC = await apiCall(
      e2e.baseUrl,
      'POST',
      '/chat-messages',
      { id: crypto.randomUUID(), chatRoomId: roomId, content: 'Count me in!' },
      tokenC,
    );
    expect(fromC.status).toBe(201);
    await bubble(a, 'Count me in!').filter({ hasText: nameC }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await bubble(b, 'Count me in!').filter({ hasText: nameC }).waitFor({ timeout: STEP_TIMEOUT_MS });

    // B types: A sees "Grace Hopper is typing…".
    await b.getByRole('textbox', { name: exactly(t('CHAT.MESSAGE_LABEL')) }).pressSequentially('So');
    await a.getByText(filled('CHAT.TYPING_ONE', { name: nameB })).waitFor({ timeout: STEP_TIMEOUT_MS });
    await b.getByRole('textbox', { name: exactly(t('CHAT.MESSAGE_LABEL')) }).fill('');

    // B goes offline (B alone) and writes three messages: shown at once, waiting, chained in order.
    const contextB = b.context();
    const offline = ['one: tyres', 'two: fuel', 'three: helmet'];
    await goOfflineAlone(contextB);
    try {
      for (const text of offline) await write(b, text);
      await expect
        .poll(() => b.getByTestId('chat-message-pending').count(), { timeout: STEP_TIMEOUT_MS })
        .toBe(3);
      expect((await texts(b)).slice(-3)).toEqual(offline);
      const queued = (await localDb.outbox(b)).filter((e) => e.kind === 'chat.send');
      expect(queued).toHaveLength(3);
      expect(queued.map((e) => e.dependsOn)).toEqual([[], [queued[0]!.id], [queued[1]!.id]]);
      // Nothing reached the server meanwhile, though it is up (A's browser still talks to it): B's
      // API requests fail at the network (goOfflineAlone), so the server is read as it is now.
      expect((await serverMessages(tokenA, roomId)).map((m) => m.content)).toEqual([
        'Who is in for Saturday?',
        'Count me in!',
      ]);

      // Back online: the three reach the server in order, each once; A sees them live, in order.
      await backOnlineAlone(contextB);
      await vi.waitFor(
        async () => {
          const all = await serverMessages(tokenA, roomId);
          expect(all.map((m) => m.content)).toEqual(['Who is in for Saturday?', 'Count me in!', ...offline]);
          expect(all.slice(-3).every((m) => m.sender.id === idB)).toBe(true);
        },
        { timeout: STEP_TIMEOUT_MS, interval: 250 },
      );
      for (const text of offline)
        await bubble(a, text).filter({ hasText: nameB }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await expect
        .poll(async () => (await texts(a)).slice(-3), { timeout: STEP_TIMEOUT_MS })
        .toEqual(offline);
      await localDb.waitForOutboxSettled(b, { timeoutMs: STEP_TIMEOUT_MS });
      await b
        .getByTestId('chat-message-pending')
        .first()
        .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      // Once, still, once B's outbox is empty and none of B's requests is on the wire (nothing of
      // B's can arrive later).
      await waitForApiQuiet(trafficB);
      expect((await serverMessages(tokenB, roomId)).map((m) => m.content)).toEqual([
        'Who is in for Saturday?',
        'Count me in!',
        ...offline,
      ]);
      expect(await bubble(a, offline[0]!).count()).toBe(1);
    } finally {
      await backOnlineAlone(contextB);
    }

    // A starts a direct chat with C: "New chat", the recipient modal, then the conversation.
    await openFromNav(a, 'NAV.CHAT', 'CHAT.TITLE');
    await a
      .getByRole('button', { name: exactly(t('CHAT.NEW_CHAT')) })
      .first()
      .click();
    const modal = a.getByRole('dialog', { name: exactly(t('MESSAGES.SELECT_RECIPIENT')) });
    await modal.waitFor({ timeout: STEP_TIMEOUT_MS });
    await modal.getByTestId('recipient-row').filter({ hasText: nameC }).click();
    await expectPath(a, `/chat/with/${idC}`, STEP_TIMEOUT_MS);
    await a.getByRole('heading', { level: 1, name: exactly(nameC) }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await write(a, 'Hello Linus, a word in private?');
    // The first message creates the room; the route becomes the room's.
    await a.waitForURL((url) => /^\/chat\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: STEP_TIMEOUT_MS });
    const directId = new URL(a.url()).pathname.split('/').at(-1)!;
    await bubble(a, 'Hello Linus, a word in private?').waitFor({ timeout: STEP_TIMEOUT_MS });
    const seenByC = await apiCall(
      e2e.baseUrl,
      'GET',
      `/chat-messages?recipientId=${idA}&limit=20&offset=0`,
      undefined,
      tokenC,
    );
    expect(seenByC.status).toBe(200);
    expect(seenByC.json.meta.chatRoomId).toBe(directId);
    expect((seenByC.json.data as ServerChatMessage[]).map((m) => m.content)).toEqual([
      'Hello Linus, a word in private?',
    ]);
    // B is not in that room.
    const notB = await apiCall(e2e.baseUrl, 'GET', `/chat-rooms/${directId}`, undefined, tokenB);
    expect(notB.status).toBe(404);
  },
);

// People and private messages, end to end with two members in two browsers: A and B sign
// up; A finds B and sends a request; B sees a live notification and accepts; A composes a message
// choosing B in the modal; B sees it live with an unread badge, opens it, the badge drops by one;
// B, offline, replies; back online, A receives it once. "Offline" is real for B only: B's network
// is cut and every API call of B's pages and service worker refused, while the server keeps
// running for A.
import { expect, test, vi } from 'vitest';
import { apiCall, newMember } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import { apiLogin, waitForControllingWorker } from './support/garage-flows';
import {
  backOnlineAlone,
  bell,
  chooseRecipient,
  expectBellUnread,
  expectInboxUnread,
  fill,
  filled,
  goOfflineAlone,
  messageRow,
  messageRows,
  notificationItems,
  openFolder,
  openFromNav,
  sendComposed,
  sendFriendRequestFromSearch,
  STEP_TIMEOUT_MS,
  signUpThroughForm,
  typeRichText,
} from './support/people-flows';
import { exactly, expectPath, t, useE2e, waitForApiQuiet, watchApiTraffic } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();

interface ServerMessage {
  id: string;
  sender: { id: string };
  recipient: { id: string };
  subject: string;
  content: string;
  isRead: boolean;
}

/** A folder's first page on the server, as its owner sees it. */
async function serverFolder(
  token: string,
  folder: 'inbox' | 'sent',
): Promise<{ messages: ServerMessage[]; total: number; unreadCount: number }> {
  const res = await apiCall(e2e.baseUrl, 'GET', `/messages?folder=${folder}&limit=100`, undefined, token);
  expect(res.status).toBe(200);
  return {
    messages: res.json.data as ServerMessage[],
    total: res.json.meta.total as number,
    unreadCount: res.json.meta.unreadCount as number,
  };
}

async function serverUnreadCount(token: string): Promise<number> {
  const res = await apiCall(e2e.baseUrl, 'GET', '/messages/unread/count', undefined, token);
  expect(res.status).toBe(200);
  return res.json.data.count as number;
}

test(
  'A befriends B, writes to B through the recipient modal; B reads it live, replies offline; A gets the reply once',
  { timeout: 600_000 },
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
    // B's app will have to work offline: its service worker must control the page first.
    await waitForControllingWorker(b);
    await screenHeading(b, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    // Another session each (another device), to ask the server what it holds.
    const tokenA = await apiLogin(e2e.baseUrl, memberA);
    const tokenB = await apiLogin(e2e.baseUrl, memberB);
    const idA = (await apiCall(e2e.baseUrl, 'GET', '/auth/me', undefined, tokenA)).json.data.id as string;
    const idB = (await apiCall(e2e.baseUrl, 'GET', '/auth/me', undefined, tokenB)).json.data.id as string;
    await expectBellUnread(b, 0);

    // A finds B (by username) on the friends screen and sends a request.
    await openFromNav(a, 'NAV.FRIENDS', 'FRIENDS.TITLE');
    await sendFriendRequestFromSearch(a, memberB.username, nameB);

    // B, who has not moved, sees it live: the bell counts it; the list names A; a tap leads to the
    // requests, where B accepts.
    await expectBellUnread(b, 1);
    await bell(b).click();
    await screenHeading(b, 'NOTIFICATIONS.TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    const requested = notificationItems(b).filter({
      hasText: fill('NOTIFICATIONS.FRIEND_REQUESTED', { name: nameA }),
    });
    await requested.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await notificationItems(b).count()).toBe(1);
    await requested
      .getByRole('button', {
        name: new RegExp(`^${fill('NOTIFICATIONS.FRIEND_REQUESTED', { name: nameA })}`),
      })
      .click();
    await expectPath(b, '/friends', STEP_TIMEOUT_MS);
    await screenHeading(b, 'FRIENDS.TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await b.getByRole('button', { name: filled('FRIENDS.ACCEPT_NAMED', { name: nameA }) }).click();
    // Opening the notification read it.
    await expectBellUnread(b, 0);
    await vi.waitFor(
      async () => {
        const friends = await apiCall(e2e.baseUrl, 'GET', '/friends?limit=50&offset=0', undefined, tokenA);
        expect(friends.status).toBe(200);
        expect((friends.json.data.friends as { id: string }[]).map((f) => f.id)).toEqual([idB]);
      },
      { timeout: STEP_TIMEOUT_MS, interval: 200 },
    );
    // A hears of the acceptance live too.
    await expectBellUnread(a, 1);

    // B opens the messages (the socket keeps running: no reload). A first message, sent from A's
    // other device, makes the inbox hold one unread message.
    await openFromNav(b, 'NAV.MESSAGES', 'MESSAGES.TITLE');
    const earlier = await apiCall(
      e2e.baseUrl,
      'POST',
      '/messages',
      { recipientId: idB, subject: 'Welcome to the paddock', content: '<p>Glad you are here.</p>' },
      tokenA,
    );
    expect(earlier.status).toBe(201);
    await messageRow(b, 'Welcome to the paddock').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expectInboxUnread(b, 1);

    // A composes a message, choosing B in the recipient modal.
    const subject = 'Track day on Saturday';
    const body = 'Meet at the paddock gate at eight?';
    await openFromNav(a, 'NAV.MESSAGES', 'MESSAGES.TITLE');
    await a.getByRole('link', { name: exactly(t('MESSAGES.COMPOSE')) }).click();
    await screenHeading(a, 'MESSAGES.COMPOSE_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await chooseRecipient(a, nameB);
    await a.getByLabel(t('MESSAGES.SUBJECT'), { exact: false }).fill(subject);
    await typeRichText(a, 'MESSAGES.CONTENT', body);
    await sendComposed(a);
    await messageRow(a, subject).waitFor({ timeout: STEP_TIMEOUT_MS });

    // B sees it arrive live, unread, and the badge counts two.
    const received = messageRow(b, subject);
    await received.waitFor({ timeout: STEP_TIMEOUT_MS });
    await received
      .getByText(exactly(`${t('MESSAGES.UNREAD')},`))
      .waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
    await expectInboxUnread(b, 2);
    expect(await messageRows(b).count()).toBe(2);

    // B opens it: the message shows, it is read, and the badge drops by one (the server agrees).
    await received.click();
    await b.getByRole('heading', { level: 1, name: exactly(subject) }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await b.getByText(body).waitFor({ timeout: STEP_TIMEOUT_MS });
    await vi.waitFor(async () => expect(await serverUnreadCount(tokenB)).toBe(1), {
      timeout: STEP_TIMEOUT_MS,
      interval: 200,
    });
    await b
      .getByRole('link', { name: exactly(t('MESSAGES.BACK_TO_LIST')) })
      .first()
      .click();
    await screenHeading(b, 'MESSAGES.TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expectInboxUnread(b, 1);
    // The read mark went once: once B's outbox is empty and none of B's requests is on the wire,
    // the count is still one (the spec's double decrement is fixed).
    await localDb.waitForOutboxSettled(b, { timeoutMs: STEP_TIMEOUT_MS });
    await waitForApiQuiet(trafficB);
    await expectInboxUnread(b, 1);
    expect(await serverUnreadCount(tokenB)).toBe(1);

    // A watches the inbox, where B's reply will land.
    await openFolder(a, 'inbox');
    await a.getByText(exactly(t('MESSAGES.EMPTY_INBOX'))).waitFor({ timeout: STEP_TIMEOUT_MS });

    // B goes offline (B alone: A and the server carry on) and replies from the message.
    const contextB = b.context();
    await received.click();
    await b.getByText(body).waitFor({ timeout: STEP_TIMEOUT_MS });
    await goOfflineAlone(contextB);
    try {
      await b.getByRole('link', { name: exactly(t('MESSAGES.REPLY')) }).click();
      await screenHeading(b, 'MESSAGES.COMPOSE_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
      // The reply goes to A, under "Re: <subject>".
      await b
        .getByTestId('compose-recipient')
        .filter({ hasText: nameA })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      const replySubject = fill('MESSAGES.REPLY_SUBJECT', { subject });
      expect(await b.getByLabel(t('MESSAGES.SUBJECT'), { exact: false }).inputValue()).toBe(replySubject);
      const reply = 'Count me in, see you at eight.';
      await typeRichText(b, 'MESSAGES.CONTENT', reply);
      await sendComposed(b);
      await b.getByText(exactly(t('MESSAGES.SENT_OFFLINE'))).waitFor({ timeout: STEP_TIMEOUT_MS });
      // Kept on B's device, waiting: one queued send, shown as pending in the sent folder.
      const pending = messageRow(b, replySubject);
      await pending.waitFor({ timeout: STEP_TIMEOUT_MS });
      await pending.getByText(exactly(t('MESSAGES.SYNC_PENDING'))).waitFor({ timeout: STEP_TIMEOUT_MS });
      const queued = (await localDb.outbox(b)).filter((e: { kind: string }) => e.kind === 'message.send');
      expect(queued).toHaveLength(1);
      // Nothing reached the server meanwhile, though it is up (A's browser still talks to it): B's
      // API requests fail at the network (goOfflineAlone), so the server is read as it is now.
      expect((await serverFolder(tokenA, 'inbox')).total).toBe(0);

      // Back online: A receives the reply, live, once.
      await backOnlineAlone(contextB);
      await vi.waitFor(
        async () => {
          const inbox = await serverFolder(tokenA, 'inbox');
          expect(inbox.total).toBe(1);
          expect(inbox.messages).toHaveLength(1);
          expect(inbox.messages[0]).toMatchObject({
            sender: { id: idB },
            recipient: { id: idA },
            subject: replySubject,
            isRead: false,
          });
          expect(inbox.messages[0]!.content).toContain(reply);
        },
        { timeout: STEP_TIMEOUT_MS, interval: 200 },
      );
      const arrived = messageRow(a, replySubject);
      await arrived.waitFor({ timeout: STEP_TIMEOUT_MS });
      await expectInboxUnread(a, 1);
      // A's bell: the acceptance, and now the reply.
      await expectBellUnread(a, 2);
      await localDb.waitForOutboxSettled(b, { timeoutMs: STEP_TIMEOUT_MS });
      await pending
        .getByText(exactly(t('MESSAGES.SYNC_PENDING')))
        .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });

      // Once, still, once B's outbox is empty and none of B's requests is on the wire (nothing of
      // B's can arrive later): one reply on the server, one row for A.
      await waitForApiQuiet(trafficB);
      const settledInbox = await serverFolder(tokenA, 'inbox');
      expect(settledInbox.total).toBe(1);
      expect(settledInbox.messages.map((m) => m.subject)).toEqual([replySubject]);
      expect(await messageRows(a).count()).toBe(1);
      const sentByB = await serverFolder(tokenB, 'sent');
      expect(sentByB.messages.filter((m) => m.subject === replySubject)).toHaveLength(1);
    } finally {
      await backOnlineAlone(contextB);
    }
  },
);

// "Phone layout": every screen at 360 and 390 px wide, in French and in English, with
// long names and long French words in the data. A screen fails when the page scrolls sideways,
// when an element sticks out of the viewport, or when a control's words are cut. One server, one
// signed-in page per language (reused from screen to screen), screenshots in tests/.artifacts/.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { STEP_TIMEOUT_MS } from './support/garage-flows';
import { layoutProblems, type LayoutProblem } from './support/phone-layout';
import { ROOT } from './support/server-process.mjs';
import { useE2e, type Locale } from './harness';

const e2e = useE2e();
const WIDTHS = [390, 360] as const;
const ARTIFACTS = path.join(ROOT, 'tests/.artifacts/phone-layout');

async function call(method: string, url: string, body: unknown, token: string): Promise<any> {
  const res = await apiCall(e2e.baseUrl, method, url, body, token);
  if (res.status >= 300)
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json?.data;
}

async function befriend(tokenFrom: string, tokenTo: string, idTo: string): Promise<void> {
  const asked = await call('POST', '/friends/request', { userId: idTo }, tokenFrom);
  await call('PUT', `/friends/request/${asked.request.id as string}`, { action: 'accept' }, tokenTo);
}

/** A member with a long name, a long username and a long city and bio. */
function longMember(tag: string, firstName: string, lastName: string) {
  const base = newMember(tag);
  return { ...base, username: `${base.username}_${'x'.repeat(30)}`.slice(0, 30), firstName, lastName };
}

interface World {
  sessions: Record<Locale, { token: string; refreshToken: string; user: unknown }>;
  friendId: string;
  carId: string;
  logId: string;
  postId: string;
  messageId: string;
  roomId: string;
  groupId: string;
  groupRoomId: string;
}

/** The member (signed in once per language), a friend, a pending request and things to show. */
async function seed(): Promise<World> {
  const me = longMember('marie', 'Marie-Bénédicte-Éléonore', 'de La Tour d’Auvergne-Lauraguais');
  const friend = longMember('jean', 'Jean-Christophe-Alexandre', 'Vandenberghe-Montgolfier');
  const asker = longMember('anne', 'Anne-Charlotte-Victoire', 'Saint-Exupéry-Villeneuve');
  const mine = await signUpViaApi(e2e.baseUrl, me);
  const theirs = await signUpViaApi(e2e.baseUrl, friend);
  const askers = await signUpViaApi(e2e.baseUrl, asker);
  const myId = mine.user.id as string;
  const friendId = theirs.user.id as string;
  await befriend(theirs.token, mine.token, myId);
  await call('POST', '/friends/request', { userId: myId }, askers.token); // left pending
  await call(
    'PUT',
    '/users/me',
    {
      city: 'Saint-Rémy-de-Provence-sur-Durance',
      bio: '<p>Passionnée de mécanique ancienne, de rallyes historiques et de longues balades dans les Alpes-de-Haute-Provence.</p>',
    },
    mine.token,
  );

  const carId = randomUUID();
  await call(
    'POST',
    '/cars',
    {
      id: carId,
      make: 'Mercedes-Benz',
      model: 'Classe G 500 4×4² Professional Édition Limitée',
      nickname: 'La grosse bête du dimanche matin',
      year: 2019,
      mileage: 123456,
      mileageUnit: 'km',
    },
    mine.token,
  );
  const logId = randomUUID();
  await call(
    'POST',
    '/car-logs',
    {
      id: logId,
      carId,
      type: 'maintenance',
      title: 'Remplacement complet de l’embrayage et du volant moteur bimasse',
      content: '<p>Embrayage, butée hydraulique et volant moteur bimasse remplacés. Vidange de la boîte.</p>',
      location: 'Garage Saint-Christophe-en-Brionnais',
      tags: ['entretien-préventif', 'transmission'],
      cost: 2345.67,
      currencyCode: 'EUR',
      startDate: new Date().toISOString().slice(0, 10),
      mileage: 123456,
    },
    mine.token,
  );

  const postId = randomUUID();
  await call(
    'POST',
    '/posts',
    {
      id: postId,
      carId,
      content:
        '<p>Journée circuit au Castellet : anticonstitutionnellement rapide, la Classe G a surpris tout le paddock.</p>',
    },
    mine.token,
  );
  await call(
    'POST',
    '/posts',
    { id: randomUUID(), content: '<p>Sortie matinale sur la route des Grandes Alpes, col de l’Iseran.</p>' },
    theirs.token,
  );
  const theirComment = await call(
    'POST',
    '/comments',
    { id: randomUUID(), postId, content: 'Magnifique ! Quelle transmission d’origine ?' },
    theirs.token,
  );
  await call(
    'POST',
    '/comments',
    {
      id: randomUUID(),
      postId,
      content: 'Merci ! La boîte automatique d’origine.',
      parentCommentId: theirComment.id,
    },
    mine.token,
  );
  await call(
    'POST',
    '/comments',
    { id: randomUUID(), postId, content: 'Réservé pour l’an prochain.' },
    mine.token,
  );

  const message = await call(
    'POST',
    '/messages',
    {
      id: randomUUID(),
      recipientId: myId,
      subject: 'Proposition de covoiturage pour le rassemblement des anciennes de Montlhéry',
      content: '<p>Bonjour, je passe vous prendre samedi matin vers sept heures ?</p>',
    },
    theirs.token,
  );
  const direct = await call(
    'POST',
    '/chat-messages',
    { id: randomUUID(), recipientId: myId, content: 'On se retrouve au péage de Saint-Arnoult ?' },
    theirs.token,
  );
  const group = await call(
    'POST',
    '/chat-groups',
    {
      id: randomUUID(),
      name: 'Les passionnés de la Nationale 7 et des cols alpins',
      description: 'Sorties, rassemblements et bons plans mécaniques.',
      memberIds: [friendId],
    },
    mine.token,
  );
  const groupRooms = await call('GET', '/chat-rooms?limit=50&offset=0', undefined, mine.token);
  const groupRoom = (groupRooms as { id: string; chatGroupId?: string | null }[]).find(
    (r) => r.chatGroupId === group.id,
  );

  const second = await apiCall(e2e.baseUrl, 'POST', '/auth/login', {
    email: me.email,
    password: me.password,
  });
  const en = { token: second.json.data.token, refreshToken: second.json.data.refreshToken, user: mine.user };
  return {
    sessions: { 'fr-FR': mine, 'en-US': en },
    friendId,
    carId,
    logId,
    postId,
    messageId: message.id,
    roomId: direct.chatRoomId,
    groupId: group.id,
    groupRoomId: groupRoom?.id ?? '',
  };
}

/** The screens, by address; the friends screen's tabs are opened in turn. */
function screens(w: World): [string, string][] {
  return [
    ['feed', '/feed'],
    ['post', `/post/${w.postId}`],
    ['new-post', '/create-post'],
    ['edit-post', `/edit-post/${w.postId}`],
    ['my-cars', '/my-cars'],
    ['car', `/car/${w.carId}`],
    ['new-car', '/create-car'],
    ['edit-car', `/edit-car/${w.carId}`],
    ['log-form', `/new-car-log/${w.carId}`],
    ['log-edit', `/edit-car-log/${w.carId}/${w.logId}`],
    ['log-view', `/my-cars/${w.carId}/logs/${w.logId}`],
    ['friends', '/friends'],
    ['person', `/people/${w.friendId}`],
    ['profile', '/profile'],
    ['edit-profile', '/edit-profile'],
    ['messages', '/messages'],
    ['message', `/message/${w.messageId}`],
    ['compose', '/compose-message'],
    ['chat-list', '/my-chat-groups'],
    ['chat-room', `/chat/${w.roomId}`],
    ['group-room', `/chat/${w.groupRoomId}`],
    ['chat-group', `/chat-group/${w.groupId}`],
    ['new-group', '/create-chat-group'],
    ['notifications', '/notifications'],
    ['account', '/account'],
    ['files', '/files'],
    ['legal', '/legal/terms'],
  ];
}

const SIGNED_OUT: [string, string][] = [
  ['login', '/login'],
  ['sign-up', '/signup'],
  ['forgot-password', '/forgot-password'],
  ['legal-privacy', '/legal/privacy'],
];

/** Waits for the screen: its heading, no request for a while, no skeleton left. */
async function ready(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.ui-skeleton, [aria-busy="true"]'), undefined, {
      timeout: STEP_TIMEOUT_MS,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/** Checks the screen shown at each width; returns its problems, named. */
async function check(page: Page, locale: Locale, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 780 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const problems: LayoutProblem[] = await layoutProblems(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-${width}-${name}.png`), fullPage: true });
    for (const p of problems) found.push(`${locale} ${width}px ${name}: ${p.kind} ${p.what} (${p.detail})`);
  }
  return [...new Set(found)];
}

/**
 * Opens an address. A navigation the page itself starts meanwhile (the service worker taking
 * control of the tab on its first visits) can abort the one asked for: it is asked once more, and
 * a second abort fails the test.
 */
async function open(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch (error) {
    if (!String(error).includes('net::ERR_ABORTED')) throw error;
    await page.goto(url);
  }
}

async function visitAll(page: Page, locale: Locale, list: [string, string][]): Promise<string[]> {
  const found: string[] = [];
  for (const [name, address] of list) {
    await page.setViewportSize({ width: WIDTHS[0], height: 780 });
    await open(page, `${e2e.baseUrl}${address}`);
    await ready(page);
    found.push(...(await check(page, locale, name)));
    if (name === 'friends') {
      const tabs = page.getByRole('tab');
      for (let i = 1; i < (await tabs.count()); i += 1) {
        await tabs.nth(i).click();
        await ready(page);
        found.push(...(await check(page, locale, `friends-tab-${i}`)));
      }
    }
    if (name === 'feed' || name === 'account') {
      // The account menu, opened from the header.
      const menu = page.locator('.layout__avatar').first();
      if (await menu.isVisible()) {
        await menu.click();
        found.push(...(await check(page, locale, `${name}-menu`)));
        await page.keyboard.press('Escape');
      }
    }
  }
  return found;
}

test(
  'every screen fits 360 and 390 px in French and English, with long names and labels',
  { timeout: 900_000 },
  async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const world = await seed();
    const found: string[] = [];
    for (const locale of ['fr-FR', 'en-US'] as const) {
      // The language lives on the account: the member chooses it, then signs in.
      const session = world.sessions[locale];
      const user = await call('PUT', '/users/me', { language: locale }, session.token);
      const page = await e2e.newPage({ session: { ...session, user, locale }, locale });
      found.push(...(await visitAll(page, locale, screens(world))));
      await page.context().close();
      const out = await e2e.newPage({ locale });
      found.push(...(await visitAll(out, locale, SIGNED_OUT)));
      await out.context().close();
    }
    expect(found).toEqual([]);
  },
);

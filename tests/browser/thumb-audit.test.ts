// "Every screen for the thumb": every route of the router, on a 360 × 780 phone, for a signed-in
// member with cars, logs, fill-ups, reminders, posts, friends, messages and chats (long names and
// long texts), in fr-FR and en-US, light and dark, in three states: online, offline with a write
// waiting, and the server down with the network on. Each screen is checked by auditScreen
// (support/thumb-audit.ts) and photographed into tests/.artifacts/thumb-audit/, one folder for a
// person to look through. One browser, one page per language and sign-in state, reused; one test per
// route and state, the four language × theme views inside it.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { waitForControllingWorker } from './support/garage-flows';
import { ROOT } from './support/server-process.mjs';
import { auditScreen, routerPaths, type AuditLocale } from './support/thumb-audit';
import { STEP_TIMEOUT_MS, t, useE2e } from './harness';

const e2e = useE2e();
const ARTIFACTS = path.join(ROOT, 'tests/.artifacts/thumb-audit');
const LOCALES: AuditLocale[] = ['fr-FR', 'en-US'];
const THEMES = ['light', 'dark'] as const;
const STATES = ['online', 'offline-waiting', 'server-down'] as const;
type State = (typeof STATES)[number];
const IMPORT_FILE = readFileSync(path.join(ROOT, 'tests/fixtures/imports/spritmonitor-real.csv'));

async function call(method: string, url: string, body: unknown, token: string): Promise<any> {
  const res = await apiCall(e2e.baseUrl, method, url, body, token);
  if (res.status >= 300)
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json?.data;
}

function longMember(tag: string, firstName: string, lastName: string) {
  const base = newMember(tag);
  return { ...base, username: `${base.username}_${'x'.repeat(30)}`.slice(0, 30), firstName, lastName };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface World {
  session: { token: string; refreshToken: string; user: unknown };
  friendId: string;
  carId: string;
  logId: string;
  reminderId: string;
  postId: string;
  messageId: string;
  roomId: string;
  groupId: string;
}

/**
 * A member and everything a screen can show, by the real API. One member per language: the language
 * lives on the account, so one account open in two languages would follow its last choice.
 */
async function seed(): Promise<World> {
  const me = longMember('marie', 'Marie-Bénédicte-Éléonore', 'de La Tour d’Auvergne-Lauraguais');
  const friend = longMember('jean', 'Jean-Christophe-Alexandre', 'Vandenberghe-Montgolfier');
  const asker = longMember('anne', 'Anne-Charlotte-Victoire', 'Saint-Exupéry-Villeneuve');
  const mine = await signUpViaApi(e2e.baseUrl, me);
  const theirs = await signUpViaApi(e2e.baseUrl, friend);
  const askers = await signUpViaApi(e2e.baseUrl, asker);
  const myId = mine.user.id as string;
  const friendId = theirs.user.id as string;
  const asked = await call('POST', '/friends/request', { userId: myId }, theirs.token);
  await call('PUT', `/friends/request/${asked.request.id as string}`, { action: 'accept' }, mine.token);
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
  await call(
    'POST',
    '/cars',
    { id: randomUUID(), make: 'Alpine', model: 'A110 Berlinette Tour de Corse 1973', mileageUnit: 'km' },
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
      startDate: day(-20),
      mileage: 123000,
    },
    mine.token,
  );
  for (const [offset, mileage, quantity] of [
    [-15, 123200, 61.4],
    [-5, 123900, 58.73],
  ] as const) {
    await call(
      'POST',
      '/car-logs',
      {
        id: randomUUID(),
        carId,
        type: 'fuel',
        title: 'Plein à la station du col',
        startDate: day(offset),
        mileage,
        cost: 112.34,
        currencyCode: 'EUR',
        fuel: { quantity, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.899 },
      },
      mine.token,
    );
  }
  const reminderId = randomUUID();
  await call(
    'POST',
    '/reminders',
    {
      id: reminderId,
      carId,
      title: 'Contrôle technique et vidange complète avant les vacances',
      logType: 'maintenance',
      intervalMonths: 12,
      intervalDistance: 15000,
    },
    mine.token,
  );
  await call(
    'POST',
    '/reminders',
    { id: randomUUID(), carId, title: 'Assurance', logType: 'inspection', dueDate: day(-3) },
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
  const theirPost = randomUUID();
  await call(
    'POST',
    '/posts',
    { id: theirPost, content: '<p>Sortie matinale sur la route des Grandes Alpes, col de l’Iseran.</p>' },
    theirs.token,
  );
  await call('POST', `/posts/${theirPost}/like`, undefined, mine.token).catch(() => undefined);
  await call(
    'POST',
    '/comments',
    { id: randomUUID(), postId, content: 'Magnifique ! Quelle transmission d’origine ?' },
    theirs.token,
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
  return {
    session: mine,
    friendId,
    carId,
    logId,
    reminderId,
    postId,
    messageId: message.id,
    roomId: direct.chatRoomId,
    groupId: group.id,
  };
}

interface Route {
  /** The router's path, as in src/routeTree.gen.ts. */
  path: string;
  signedOut?: boolean;
  address: (w: World) => string;
  /** What the member does on the screen before it is checked (a file picked). */
  then?: (page: Page, locale: AuditLocale) => Promise<void>;
}

/** Every route of the router; a route added without a line here fails the first test. */
const ROUTES: Route[] = [
  { path: '/', address: () => '/' },
  { path: '/feed', address: () => '/feed' },
  { path: '/post/$id', address: (w) => `/post/${w.postId}` },
  { path: '/create-post', address: () => '/create-post' },
  { path: '/edit-post/$id', address: (w) => `/edit-post/${w.postId}` },
  { path: '/my-posts', address: () => '/my-posts' },
  { path: '/my-cars', address: () => '/my-cars' },
  { path: '/car/$id', address: (w) => `/car/${w.carId}` },
  { path: '/car/$id/', address: (w) => `/car/${w.carId}/` },
  { path: '/car/$id/logbook', address: (w) => `/car/${w.carId}/logbook` },
  { path: '/car/$id/fuel', address: (w) => `/car/${w.carId}/fuel` },
  { path: '/car/$id/reminders', address: (w) => `/car/${w.carId}/reminders` },
  { path: '/car/$id/papers', address: (w) => `/car/${w.carId}/papers` },
  { path: '/car/$id/history', address: (w) => `/car/${w.carId}/history` },
  { path: '/car/$id/people', address: (w) => `/car/${w.carId}/people` },
  { path: '/car/$id/fill-up', address: (w) => `/car/${w.carId}/fill-up` },
  { path: '/create-car', address: () => '/create-car' },
  { path: '/edit-car/$id', address: (w) => `/edit-car/${w.carId}` },
  { path: '/new-car-log/$carId', address: (w) => `/new-car-log/${w.carId}` },
  { path: '/edit-car-log/$carId/$logId', address: (w) => `/edit-car-log/${w.carId}/${w.logId}` },
  { path: '/my-cars/$carId/logs/$logId', address: (w) => `/my-cars/${w.carId}/logs/${w.logId}` },
  {
    path: '/my-cars/$carId/import',
    address: (w) => `/my-cars/${w.carId}/import`,
    then: async (page, locale) => {
      const input = page.getByLabel(t('IMPORT.FILE', locale));
      if (!(await input.count())) return;
      await input.setInputFiles({ name: 'spritmonitor.csv', mimeType: 'text/csv', buffer: IMPORT_FILE });
      await page
        .getByRole('region', { name: t('IMPORT.REPORT', locale) })
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
    },
  },
  { path: '/my-cars/$carId/reminders/new', address: (w) => `/my-cars/${w.carId}/reminders/new` },
  {
    path: '/my-cars/$carId/reminders/$reminderId',
    address: (w) => `/my-cars/${w.carId}/reminders/${w.reminderId}`,
  },
  { path: '/files', address: () => '/files' },
  { path: '/friends', address: () => '/friends' },
  { path: '/people/$id', address: (w) => `/people/${w.friendId}` },
  { path: '/profile', address: () => '/profile' },
  { path: '/edit-profile', address: () => '/edit-profile' },
  { path: '/account', address: () => '/account' },
  { path: '/notifications', address: () => '/notifications' },
  { path: '/messages', address: () => '/messages' },
  { path: '/message/$id', address: (w) => `/message/${w.messageId}` },
  { path: '/compose-message', address: () => '/compose-message' },
  { path: '/my-chat-groups', address: () => '/my-chat-groups' },
  { path: '/chat/$roomId', address: (w) => `/chat/${w.roomId}` },
  { path: '/chat/with/$userId', address: (w) => `/chat/with/${w.friendId}` },
  { path: '/chat-group/$id', address: (w) => `/chat-group/${w.groupId}` },
  { path: '/create-chat-group', address: () => '/create-chat-group' },
  // Without a share kept on this device: its "nothing to share" state (share-and-mute.test.ts
  // photographs the choice with a real share).
  { path: '/share', address: () => '/share' },
  { path: '/search', address: () => '/search' },
  { path: '/tags/$tag', address: () => '/tags/e30' },
  // A name nobody has: the lookup's "not found" state (a found one opens /people/$id, audited above).
  { path: '/u/$username', address: () => '/u/nobody_here' },
  // The audited member is no moderator: the screen's "not allowed" state.
  { path: '/moderation', address: () => '/moderation' },
  { path: '/legal/$type', address: () => '/legal/terms' },
  { path: '/login', signedOut: true, address: () => '/login' },
  { path: '/signup', signedOut: true, address: () => '/signup' },
  { path: '/forgot-password', signedOut: true, address: () => '/forgot-password' },
  { path: '/reset-password', signedOut: true, address: () => '/reset-password?token=not-a-real-token' },
  { path: '/confirm-email', signedOut: true, address: () => '/confirm-email?token=not-a-real-token' },
  { path: '/auth/callback', signedOut: true, address: () => '/auth/callback' },
];

const worlds = new Map<AuditLocale, World>();
const worldOf = (locale: AuditLocale): World => {
  const world = worlds.get(locale);
  if (!world) throw new Error('the audit is not seeded');
  return world;
};
const pages = new Map<string, Page>();
const pageOf = (locale: AuditLocale, signedOut: boolean): Page => {
  const page = pages.get(`${locale}-${signedOut ? 'out' : 'in'}`);
  if (!page) throw new Error('the audit pages are not open');
  return page;
};

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const locale of LOCALES) {
    const world = await seed();
    worlds.set(locale, world);
    const session = world.session;
    const user = await call('PUT', '/users/me', { language: locale }, session.token);
    const signedIn = await e2e.newPage({
      session: { ...session, user, locale },
      locale,
      viewport: { width: 360, height: 780 },
    });
    await signedIn.goto(`${e2e.baseUrl}/feed`);
    await waitForControllingWorker(signedIn);
    pages.set(`${locale}-in`, signedIn);
    const signedOut = await e2e.newPage({ locale, viewport: { width: 360, height: 780 } });
    await signedOut.goto(`${e2e.baseUrl}/login`);
    await waitForControllingWorker(signedOut);
    pages.set(`${locale}-out`, signedOut);
  }
});

afterAll(async () => {
  if (e2e.server.pid === null) await e2e.server.restart();
});

/** Waits for the screen: a heading, a quiet network, no skeleton, the fonts. */
async function ready(page: Page): Promise<void> {
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.ui-skeleton, [aria-busy="true"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

const frame = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function auditRoute(route: Route, state: State): Promise<string[]> {
  const found: string[] = [];
  for (const locale of LOCALES) {
    const page = pageOf(locale, route.signedOut === true);
    await page.goto(`${e2e.baseUrl}${route.address(worldOf(locale))}`);
    await ready(page);
    if (route.then) {
      await route.then(page, locale);
      await ready(page);
    }
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await frame(page);
      // The colours' transitions to the new theme end first: a photo or an axe run mid-way would
      // see neither theme.
      await page
        .waitForFunction(
          () =>
            document
              .getAnimations()
              .filter((a) => a instanceof CSSTransition)
              .every((a) => a.playState !== 'running'),
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      const name = `${state}-${locale}-${theme}-${route.path.replace(/[/$]+/g, '_').replace(/^_|_$/g, '') || 'root'}`;
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
      for (const problem of await auditScreen(page, locale)) found.push(`${name}: ${problem}`);
    }
  }
  return found;
}

/** Offline with a write waiting: the server and the network gone, then a like tapped on the post. */
async function offlineWithAWriteWaiting(): Promise<void> {
  await e2e.server.stop();
  for (const locale of LOCALES) {
    for (const signedOut of [false, true]) await pageOf(locale, signedOut).context().setOffline(true);
    const page = pageOf(locale, false);
    await page.goto(`${e2e.baseUrl}/post/${worldOf(locale).postId}`);
    await ready(page);
    // The post's like button (its name: "Like" and the count).
    await page.locator('button.post-card__like[aria-pressed="false"]').first().click();
    await page.getByTestId('sync-pending-count').waitFor({ timeout: STEP_TIMEOUT_MS });
  }
}

async function serverDown(): Promise<void> {
  if (e2e.server.pid !== null) await e2e.server.stop();
  for (const page of pages.values()) await page.context().setOffline(false);
}

test('the audit covers every route of the router', () => {
  expect(ROUTES.map((r) => r.path).sort()).toEqual(routerPaths());
});

for (const state of STATES) {
  describe(state, () => {
    beforeAll(async () => {
      if (state === 'offline-waiting') await offlineWithAWriteWaiting();
      if (state === 'server-down') await serverDown();
    });
    for (const route of ROUTES) {
      test(`${route.path} (${state}): fits the thumb in fr-FR and en-US, light and dark`, async () => {
        expect(await auditRoute(route, state)).toEqual([]);
      });
    }
  });
}

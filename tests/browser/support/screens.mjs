// The screens of the app, for the browser audit of every route (thumb-audit.test.ts) and the
// Lighthouse bench of every signed-in screen (tests/bench/lighthouse-bench.mjs): a member and
// everything a screen can show (cars, logs, fill-ups, reminders, posts, friends, messages and chats,
// with long names and long texts), seeded through the real API, and each route's address in it.
import { randomUUID } from 'node:crypto';
import { apiCall, newMember, signUpViaApi } from './api.mjs';

async function call(baseUrl, method, url, body, token) {
  const res = await apiCall(baseUrl, method, url, body, token);
  if (res.status >= 300)
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json?.data;
}

function longMember(tag, firstName, lastName) {
  const base = newMember(tag);
  return { ...base, username: `${base.username}_${'x'.repeat(30)}`.slice(0, 30), firstName, lastName };
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A member and everything a screen can show, by the real API. One member per language: the language
 * lives on the account, so one account open in two languages would follow its last choice.
 */
export async function seedScreens(baseUrl) {
  const me = longMember('marie', 'Marie-Bénédicte-Éléonore', 'de La Tour d’Auvergne-Lauraguais');
  const friend = longMember('jean', 'Jean-Christophe-Alexandre', 'Vandenberghe-Montgolfier');
  const asker = longMember('anne', 'Anne-Charlotte-Victoire', 'Saint-Exupéry-Villeneuve');
  const mine = await signUpViaApi(baseUrl, me);
  const theirs = await signUpViaApi(baseUrl, friend);
  const askers = await signUpViaApi(baseUrl, asker);
  const myId = mine.user.id;
  const friendId = theirs.user.id;
  const asked = await call(baseUrl, 'POST', '/friends/request', { userId: myId }, theirs.token);
  await call(baseUrl, 'PUT', `/friends/request/${asked.request.id}`, { action: 'accept' }, mine.token);
  await call(baseUrl, 'POST', '/friends/request', { userId: myId }, askers.token); // left pending
  await call(
    baseUrl,
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
    baseUrl,
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
    baseUrl,
    'POST',
    '/cars',
    { id: randomUUID(), make: 'Alpine', model: 'A110 Berlinette Tour de Corse 1973', mileageUnit: 'km' },
    mine.token,
  );
  const logId = randomUUID();
  await call(
    baseUrl,
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
  ]) {
    await call(
      baseUrl,
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
    baseUrl,
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
    baseUrl,
    'POST',
    '/reminders',
    { id: randomUUID(), carId, title: 'Assurance', logType: 'inspection', dueDate: day(-3) },
    mine.token,
  );
  const postId = randomUUID();
  await call(
    baseUrl,
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
    baseUrl,
    'POST',
    '/posts',
    { id: theirPost, content: '<p>Sortie matinale sur la route des Grandes Alpes, col de l’Iseran.</p>' },
    theirs.token,
  );
  await call(baseUrl, 'POST', `/posts/${theirPost}/like`, undefined, mine.token).catch(() => undefined);
  await call(
    baseUrl,
    'POST',
    '/comments',
    { id: randomUUID(), postId, content: 'Magnifique ! Quelle transmission d’origine ?' },
    theirs.token,
  );
  const message = await call(
    baseUrl,
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
    baseUrl,
    'POST',
    '/chat-messages',
    { id: randomUUID(), recipientId: myId, content: 'On se retrouve au péage de Saint-Arnoult ?' },
    theirs.token,
  );
  const group = await call(
    baseUrl,
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

/**
 * Every route of the router and its address in a seeded world; the thumb audit fails when a route
 * of src/routeTree.gen.ts has no line here.
 */
export const SCREENS = [
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
  { path: '/my-cars/$carId/import', address: (w) => `/my-cars/${w.carId}/import` },
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

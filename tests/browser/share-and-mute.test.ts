// Sharing a photo from the phone into Paddock, for real: the manifest's share_target POST (a
// multipart form, as Android's share sheet sends it) reaches the built service worker with the
// server stopped and the network cut; it keeps the photo and opens /share, whose "a log of one of
// my cars" starts the log form with the photo as its receipt; saved offline, the log reaches the
// server with its photo once back online. Then the choice and a chat group's mute menu on a
// 360 px phone, in French and English, checked as the thumb audit checks a screen and kept as
// screenshots in tests/.artifacts/share-and-mute/.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiCall, newMember, signUpViaApi, type SignedUp } from './support/api.mjs';
import { makeJpeg, waitForControllingWorker } from './support/garage-flows';
import { ROOT } from './support/server-process.mjs';
import { auditScreen } from './support/thumb-audit';
import { exactly, expectPath, t, useE2e, type Locale } from './harness';

const e2e = useE2e();
const ARTIFACTS = path.join(ROOT, 'tests/.artifacts/share-and-mute');

async function call(method: string, url: string, body: unknown, token: string): Promise<any> {
  const res = await apiCall(e2e.baseUrl, method, url, body, token);
  if (res.status >= 300)
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json?.data;
}

async function memberWithCar(locale: Locale): Promise<{ me: SignedUp; carId: string }> {
  const me = await signUpViaApi(e2e.baseUrl);
  const user = await call('PUT', '/users/me', { language: locale }, me.token);
  const carId = randomUUID();
  await call(
    'POST',
    '/cars',
    { id: carId, make: 'Alpine', model: 'A110', nickname: 'Bleue', mileageUnit: 'km' },
    me.token,
  );
  return { me: { ...me, user }, carId };
}

/** What Android's share sheet does: a multipart POST navigation to the manifest's action. */
async function shareFromGallery(page: Page, text: string): Promise<void> {
  const jpeg = (await makeJpeg(120, 90)).toString('base64');
  await page.evaluate(
    ({ jpeg, text }) => {
      const bytes = Uint8Array.from(atob(jpeg), (c) => c.charCodeAt(0));
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      const words = document.createElement('input');
      words.name = 'text';
      words.value = text;
      const photos = document.createElement('input');
      photos.type = 'file';
      photos.name = 'photos';
      const files = new DataTransfer();
      files.items.add(new File([bytes], 'receipt.jpg', { type: 'image/jpeg' }));
      photos.files = files.files;
      form.append(words, photos);
      document.body.append(form);
      form.submit();
    },
    { jpeg, text },
  );
}

async function openApp(me: SignedUp, locale: Locale): Promise<Page> {
  const page = await e2e.newPage({
    session: { ...me, locale },
    locale,
    viewport: { width: 360, height: 780 },
  });
  await page.goto(`${e2e.baseUrl}/my-cars`);
  await waitForControllingWorker(page);
  // The car is on this device (the share's choice lists it offline).
  await page.getByText('Bleue').first().waitFor();
  return page;
}

test('a photo shared from the gallery offline becomes a log of my car with its receipt', async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const { me, carId } = await memberWithCar('en-US');
  const page = await openApp(me, 'en-US');

  let shared = '';
  await e2e.goOffline(page.context());
  try {
    await shareFromGallery(page, 'New tyres at the garage');
    await expectPath(page, '/share');
    shared = page.url();
    await page.getByRole('heading', { level: 1, name: exactly(t('SHARE.TITLE')) }).waitFor();
    await page.getByRole('img', { name: t('SHARE.PHOTO_ALT').replace('{n}', '1') }).waitFor();
    await page.getByText('New tyres at the garage').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'share-choice-en-360.png') });

    await page.getByRole('link', { name: t('SHARE.LOG_OF').replace('{car}', 'Bleue') }).click();
    await expectPath(page, `/new-car-log/${carId}`);
    await page.getByRole('img', { name: 'receipt.jpg' }).waitFor();
    expect(await page.getByLabel(exactly(t('CAR_LOGS.FORM_TITLE'))).inputValue()).toBe(
      'New tyres at the garage',
    );
    await page.getByLabel(exactly(t('CAR_LOGS.FORM_TYPE'))).selectOption('maintenance');
    await page.getByRole('button', { name: t('CAR_LOGS.FORM_SAVE') }).click();
    await expectPath(page, '/my-cars');
  } finally {
    await e2e.goOnline(page.context());
  }
  await expect
    .poll(async () => {
      const logs = ((await apiCall(e2e.baseUrl, 'GET', `/car-logs/${carId}`, undefined, me.token)).json
        ?.data ?? []) as { title: string; media?: { kind: string }[] }[];
      return logs.map((l) => [l.title, (l.media ?? []).map((m) => m.kind)]);
    })
    .toEqual([['New tyres at the garage', ['image']]]);
  // Used, the share is gone: its address now says there is nothing to share.
  await page.goto(shared);
  await page.getByRole('heading', { name: exactly(t('SHARE.NOTHING')) }).waitFor();
});

for (const locale of ['fr-FR', 'en-US'] as const) {
  test(`the share's choice and a group's mute menu on a 360 px phone (${locale})`, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const short = locale.slice(0, 2);
    const { me } = await memberWithCar(locale);
    const friend = await signUpViaApi(e2e.baseUrl, newMember('friend'));
    const asked = await call('POST', '/friends/request', { userId: me.user.id }, friend.token);
    await call('PUT', `/friends/request/${asked.request.id as string}`, { action: 'accept' }, me.token);
    const group = await call(
      'POST',
      '/chat-groups',
      { id: randomUUID(), name: 'Les cols alpins', description: '', memberIds: [friend.user.id] },
      me.token,
    );
    const page = await openApp(me, locale);

    await shareFromGallery(page, locale === 'fr-FR' ? 'Pneus neufs' : 'New tyres');
    await expectPath(page, '/share');
    await page.getByRole('link', { name: exactly(t('SHARE.NEW_POST', locale)) }).waitFor();
    await page.getByRole('link', { name: t('SHARE.LOG_OF', locale).replace('{car}', 'Bleue') }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, `share-choice-${short}-360.png`), fullPage: true });
    // The thumb audit's checks (tap targets, overflow, axe, the words of one language).
    expect(await auditScreen(page, locale)).toEqual([]);

    await page.goto(`${e2e.baseUrl}/chat-group/${group.id as string}`);
    const section = page.getByRole('region', { name: exactly(t('CHAT.NOTIFICATIONS', locale)) });
    await section.getByRole('button', { name: exactly(t('CHAT.MUTE', locale)) }).click();
    const menu = section.getByRole('group', { name: exactly(t('CHAT.MUTE_FOR', locale)) });
    await menu.getByRole('button', { name: exactly(t('CHAT.MUTE_WEEK', locale)) }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, `mute-menu-${short}-360.png`) });
    expect(await auditScreen(page, locale)).toEqual([]);
    await menu.getByRole('button', { name: exactly(t('CHAT.MUTE_WEEK', locale)) }).click();
    const muted = t('CHAT.MUTED_UNTIL', locale).split('{date}')[0]!;
    await section.getByText(muted, { exact: false }).waitFor();
    await section.getByRole('button', { name: exactly(t('CHAT.UNMUTE', locale)) }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, `muted-${short}-360.png`) });
    // The server has it (the outbox sent it).
    await expect
      .poll(async () => {
        const rooms = ((await apiCall(e2e.baseUrl, 'GET', '/chat-rooms', undefined, me.token)).json?.data ??
          []) as { id: string; mutedUntil: string | null }[];
        return rooms.find((r) => r.id === group.chatRoomId)?.mutedUntil ?? null;
      })
      .not.toBeNull();
  });
}

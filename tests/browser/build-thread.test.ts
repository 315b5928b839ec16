// Build threads, end to end: from a log's read view a member shares it to the feed with
// its cost shown; the post's card (title, reading, cost, photo) shows in their feed and in a
// friend's, and on the car's page under "Build thread" for both.
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { makeJpeg } from './support/garage-flows';
import { fill, filled, STEP_TIMEOUT_MS, typeRichText } from './support/people-flows';
import { exactly, expectPath, t, useE2e } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();
const API = '/api/v1.0';

/** The card of a post by `author` holding `text`. */
function postCard(page: Page | Locator, author: string, text: string): Locator {
  return page
    .getByRole('article', { name: filled('POSTS.POST_BY', { name: author }) })
    .filter({ hasText: text });
}

/** A shared log's card inside a post card. */
const logCard = (card: Locator) => card.getByTestId('post-log-card');

async function expectLogCard(card: Locator, title: string, cost: string): Promise<void> {
  const shown = logCard(card);
  await shown.getByRole('link', { name: exactly(title) }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await shown.getByText(exactly(fill('BUILD_THREAD.COST', { cost }))).waitFor({ timeout: STEP_TIMEOUT_MS });
  await shown.getByText(exactly(fill('BUILD_THREAD.READING', { reading: '123,400 km' }))).waitFor();
}

test(
  'a log shared to the feed shows as a card in the feed and in the car page’s build thread',
  { timeout: 600_000 },
  async () => {
    const owner = await signUpViaApi(e2e.baseUrl, {
      ...newMember('owner'),
      firstName: 'Olive',
      lastName: 'Ford',
    });
    const friend = await signUpViaApi(e2e.baseUrl, {
      ...newMember('friend'),
      firstName: 'Fay',
      lastName: 'Mini',
    });
    const asked = await apiCall(
      e2e.baseUrl,
      'POST',
      '/friends/request',
      { userId: friend.user.id },
      owner.token,
    );
    expect(asked.status).toBe(201);
    const answered = await apiCall(
      e2e.baseUrl,
      'PUT',
      `/friends/request/${asked.json.data.request.id as string}`,
      { action: 'accept' },
      friend.token,
    );
    expect(answered.status).toBe(200);

    // The owner's car and a log with a photo (the garage screens have their own tests).
    const car = await apiCall(e2e.baseUrl, 'POST', '/cars', { make: 'Lancia', model: 'Fulvia' }, owner.token);
    expect(car.status).toBe(201);
    const carId = car.json.data.id as string;
    const form = new FormData();
    const log = {
      carId,
      type: 'repair',
      title: 'Sills welded',
      cost: 640,
      currencyCode: 'EUR',
      startDate: '2025-04-02',
      mileage: 123_400,
    };
    form.append('data', JSON.stringify(log));
    form.append(
      'media',
      new Blob([new Uint8Array(await makeJpeg(64, 48))], { type: 'image/jpeg' }),
      'sills.jpg',
    );
    const withPhoto = await fetch(`${e2e.baseUrl}${API}/car-logs/with-media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(withPhoto.status).toBe(201);
    const logId = ((await withPhoto.json()) as { data: { id: string } }).data.id;

    // The owner opens the log (mirrored on their device) and shares it, cost shown.
    const page = await e2e.newPage({ session: owner, locale: 'en-US' });
    await page.goto(`${e2e.baseUrl}/my-cars/${carId}/logs/${logId}`);
    await page
      .getByRole('link', { name: exactly(t('BUILD_THREAD.SHARE')) })
      .click({ timeout: STEP_TIMEOUT_MS });
    await expectPath(page, '/create-post', STEP_TIMEOUT_MS);
    await screenHeading(page, 'BUILD_THREAD.SHARE_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    const preview = page.getByTestId('post-log-card');
    await preview.getByText(exactly('Sills welded')).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await preview.getByText(new RegExp(fill('BUILD_THREAD.COST', { cost: '' }))).count()).toBe(0);
    await page.getByRole('checkbox', { name: exactly(t('BUILD_THREAD.SHOW_COST')) }).check();
    await typeRichText(page, 'POSTS.CONTENT_LABEL', 'Both sills done this weekend.');
    await page.getByRole('button', { name: exactly(t('POSTS.PUBLISH')) }).click();
    await expectPath(page, '/feed', STEP_TIMEOUT_MS);
    const mine = postCard(page, 'Olive Ford', 'Both sills done this weekend.');
    await expectLogCard(mine, 'Sills welded', '€640.00');

    // Sent once: the server holds the post with its card.
    await expect
      .poll(
        async () => {
          const feed = await apiCall(e2e.baseUrl, 'GET', '/posts/feed', undefined, friend.token);
          return (feed.json?.data ?? []).map((p: { carLog?: { title: string; cost?: number } }) => p.carLog);
        },
        { timeout: STEP_TIMEOUT_MS },
      )
      .toEqual([expect.objectContaining({ title: 'Sills welded', cost: 640 })]);

    // The friend sees the card in their feed, its photo loaded.
    const other = await e2e.newPage({ session: friend, locale: 'en-US' });
    await other.goto(`${e2e.baseUrl}/feed`);
    const theirs = postCard(other, 'Olive Ford', 'Both sills done this weekend.');
    await expectLogCard(theirs, 'Sills welded', '€640.00');
    const photo = logCard(theirs).getByRole('img', {
      name: fill('BUILD_THREAD.PHOTO_ALT', { n: 1, title: 'Sills welded' }),
    });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toBeGreaterThan(0);

    // The card's title leads to the car's page, whose build thread holds the post.
    await logCard(theirs)
      .getByRole('link', { name: exactly('Sills welded') })
      .click();
    await expectPath(other, `/car/${carId}`, STEP_TIMEOUT_MS);
    const thread = other.getByRole('region', { name: exactly(t('BUILD_THREAD.TITLE')) });
    await expectLogCard(postCard(thread, 'Olive Ford', 'Both sills done'), 'Sills welded', '€640.00');

    // And on the owner's own car page.
    await page.goto(`${e2e.baseUrl}/car/${carId}`);
    const ownThread = page.getByRole('region', { name: exactly(t('BUILD_THREAD.TITLE')) });
    await expectLogCard(postCard(ownThread, 'Olive Ford', 'Both sills done'), 'Sills welded', '€640.00');
  },
);

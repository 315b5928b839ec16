// Spec §2: a signed-in member on /, /login, /signup or the old /my-posts lands on /feed; a
// signed-out visitor reads /legal/terms (public) and is sent from / to /login.
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import { expectPath, useE2e } from './harness';
import { expectSignedInShell, screenHeading } from './flows';

const e2e = useE2e();

test('a signed-in member on /, /login or /signup lands on /feed', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session, locale: 'en-US' });
  for (const path of ['/', '/login', '/signup']) {
    await page.goto(e2e.baseUrl + path);
    await expectPath(page, '/feed');
    await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor();
    await expectSignedInShell(page);
  }
  // The feed's old address keeps working (spec §2 named it home; the feed now has its own name), search and
  // hash kept.
  await page.goto(`${e2e.baseUrl}/my-posts?from=old#top`);
  await expectPath(page, '/feed');
  expect(new URL(page.url()).search).toBe('?from=old');
  expect(new URL(page.url()).hash).toBe('#top');
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor();
});

test('a signed-out visitor reads the terms, and / sends to /login', async () => {
  const { status, json } = await apiCall(e2e.baseUrl, 'GET', '/legal/terms?locale=en-US');
  expect(status).toBe(200);
  const document = json.data as { title: string; paragraphs: string[] };
  expect(document.paragraphs.length).toBeGreaterThan(0);
  const page = await e2e.newPage({ locale: 'en-US' });

  await page.goto(`${e2e.baseUrl}/legal/terms`);
  await page.getByText(document.paragraphs[0] ?? '', { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/legal/terms');

  await page.goto(`${e2e.baseUrl}/`);
  await expectPath(page, '/login');
  await screenHeading(page, 'AUTH.LOGIN_TITLE').waitFor();
});

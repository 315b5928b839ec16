// The app installs (a valid manifest, every icon served, an active service worker that
// controls the page), then, really offline (server stopped and network cut), a reload and a deep
// link to a signed-in route still render the signed-in app shell.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpViaApi } from './support/api.mjs';
import { expectPath, useE2e } from './harness';
import { expectSignedInShell, screenHeading } from './flows';

const e2e = useE2e();

interface ManifestImage {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
}

async function fetchManifest(baseUrl: string): Promise<{ url: string; manifest: Record<string, unknown> }> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const tag = /<link[^>]+rel=["']manifest["'][^>]*>/i.exec(html)?.[0];
  const href = tag && /href=["']([^"']+)["']/i.exec(tag)?.[1];
  if (!href) throw new Error('index.html links no manifest');
  const url = new URL(href, `${baseUrl}/`).href;
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { url, manifest: (await res.json()) as Record<string, unknown> };
}

function hasSize(image: ManifestImage, size: number): boolean {
  return (image.sizes ?? '').split(/\s+/).includes(`${size}x${size}`);
}

async function waitForControllingWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((resolve) =>
        registration.active?.addEventListener('statechange', () => resolve(), { once: true }),
      );
    }
  });
  // A worker installed during this visit controls the page at once only if it claims its clients.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

test('the manifest is installable and every icon it names is served', async () => {
  const { url, manifest } = await fetchManifest(e2e.baseUrl);
  expect(manifest.name).toEqual(expect.any(String));
  expect(manifest.short_name).toEqual(expect.any(String));
  expect(new URL(String(manifest.start_url), url).pathname).toBe('/feed');
  expect(manifest.display).toBe('standalone');
  // Photos (and text, links) shared from the phone come in as a multipart POST (sw/sw.ts keeps them).
  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'photos', accept: ['image/*'] }] },
  });

  const icons = (manifest.icons ?? []) as ManifestImage[];
  expect(icons.some((i) => hasSize(i, 192))).toBe(true);
  expect(icons.some((i) => hasSize(i, 512))).toBe(true);
  expect(icons.some((i) => hasSize(i, 512) && (i.purpose ?? '').split(/\s+/).includes('maskable'))).toBe(
    true,
  );
  const screenshots = (manifest.screenshots ?? []) as ManifestImage[];
  expect(screenshots.map((s) => s.form_factor)).toEqual(expect.arrayContaining(['narrow', 'wide']));

  for (const image of [...icons, ...screenshots]) {
    const res = await fetch(new URL(image.src, url));
    expect(res.status, image.src).toBe(200);
    expect(res.headers.get('content-type'), image.src).toMatch(/^image\/png/);
  }
});

test('the manifest speaks its own language and shows the feed and the garage, small enough to install', async () => {
  const { url, manifest } = await fetchManifest(e2e.baseUrl);
  expect(manifest.lang).toBe('fr-FR');
  const description = String(manifest.description);
  expect(description).toMatch(/[àâçéèêîôûœ’]/); // French words, not "Home of the car enthusiasts"
  expect(description).not.toMatch(/\b(?:the|of|and|your)\b/i);

  const screenshots = (manifest.screenshots ?? []) as (ManifestImage & { label?: string })[];
  for (const factor of ['narrow', 'wide']) {
    const srcs = screenshots.filter((s) => s.form_factor === factor).map((s) => s.src);
    expect(
      srcs.some((src) => /feed/.test(src)),
      factor,
    ).toBe(true);
    expect(
      srcs.some((src) => /garage/.test(src)),
      factor,
    ).toBe(true);
  }
  for (const shot of screenshots) {
    expect(shot.label, shot.src).toMatch(/\S/);
    const bytes = Buffer.from(await (await fetch(new URL(shot.src, url))).arrayBuffer());
    // PNG: width and height are the IHDR's first two big-endian words.
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
    expect(bytes.length, shot.src).toBeLessThanOrEqual(150 * 1024);
  }
});

test('the installed shell opens offline, on reload and on a deep link, still signed in', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session, locale: 'en-US' });

  await page.goto(`${e2e.baseUrl}/feed`);
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor();
  await waitForControllingWorker(page);
  await expectSignedInShell(page);

  await e2e.goOffline(page.context());
  try {
    await page.reload();
    await expectPath(page, '/feed');
    await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor();
    await expectSignedInShell(page);

    await page.goto(`${e2e.baseUrl}/my-cars`);
    await expectPath(page, '/my-cars');
    await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor();
    await expectSignedInShell(page);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  } finally {
    await e2e.goOnline(page.context());
  }
});

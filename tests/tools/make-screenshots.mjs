#!/usr/bin/env node
// Renders the web app manifest's screenshots with the real app: the built server on a fresh
// DATA_DIR, two members who are friends signed up through the API, a car with its logbook and a
// few posts, then the feed and the garage in French (the manifest's language) at 390×844 (narrow)
// and 1280×800 (wide), palette-compressed into public/screenshots/.
// Usage: npm run build && node tests/tools/make-screenshots.mjs
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { launchChromium } from '../browser/support/chromium.mjs';
import { seedSessionScript } from '../browser/support/first-render-js.mjs';
import { ROOT, startServer } from '../browser/support/server-process.mjs';

const OUT_DIR = path.join(ROOT, 'public/screenshots');
const LOCALE = 'fr-FR';
/** Scrolls `locator` to `top` px below the viewport's top (the sticky header stays above it). */
async function scrollTo(page, locator, top) {
  const box = await locator.boundingBox();
  if (box) await page.evaluate((y) => globalThis.scrollBy(0, y), box.y - top);
}

const SHOTS = [
  { name: 'feed-narrow', path: '/feed', width: 390, height: 844 },
  { name: 'feed-wide', path: '/feed', width: 1280, height: 800 },
  {
    // The logbook: its search and its latest entries.
    name: 'garage-narrow',
    path: '/my-cars',
    width: 390,
    height: 844,
    prepare: (page) => scrollTo(page, page.getByRole('heading', { name: "Carnet d'entretien" }), 70),
  },
  {
    // The car, its statistics opened, the logbook under them.
    name: 'garage-wide',
    path: '/my-cars',
    width: 1280,
    height: 800,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Statistiques' }).click();
      await page.getByTestId('stats-panel').waitFor();
      await scrollTo(page, page.getByRole('button', { name: 'Statistiques' }), 80);
    },
  },
];

async function ok(promise, what) {
  const { status, json } = await promise;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(json)}`);
  return json?.data;
}

/** Days before today as YYYY-MM-DD. */
function daysAgo(days) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function seed(baseUrl) {
  const camille = await signUpViaApi(baseUrl, {
    ...newMember('camille'),
    firstName: 'Camille',
    lastName: 'Martin',
    city: 'Lyon',
  });
  const julien = await signUpViaApi(baseUrl, {
    ...newMember('julien'),
    firstName: 'Julien',
    lastName: 'Moreau',
    city: 'Annecy',
  });
  const asked = await ok(
    apiCall(baseUrl, 'POST', '/friends/request', { userId: julien.user.id }, camille.token),
    'friend request',
  );
  await ok(
    apiCall(baseUrl, 'PUT', `/friends/request/${asked.request.id}`, { action: 'accept' }, julien.token),
    'accept',
  );

  const car = await ok(
    apiCall(
      baseUrl,
      'POST',
      '/cars',
      {
        id: randomUUID(),
        make: 'Alpine',
        model: 'A110',
        year: 2019,
        nickname: 'La bleue',
        energyType: 'gasoline',
        gearboxType: 'dual_clutch',
        mileage: 42_310,
        mileageUnit: 'km',
      },
      camille.token,
    ),
    'car',
  );
  const logs = [
    { type: 'fuel', title: 'Plein de SP98', cost: 74.6, mileage: 42_310, days: 3, location: 'Lyon' },
    { type: 'inspection', title: 'Contrôle technique', cost: 78, mileage: 41_950, days: 24, tags: ['CT'] },
    { type: 'maintenance', title: 'Vidange et filtres', cost: 189.9, mileage: 41_200, days: 61 },
    { type: 'fuel', title: 'Plein avant le circuit', cost: 81.2, mileage: 40_700, days: 80 },
    { type: 'repair', title: 'Plaquettes de frein avant', cost: 245, mileage: 39_800, days: 118 },
    { type: 'modification', title: 'Pneus Michelin Pilot Sport 4', cost: 760, mileage: 38_900, days: 150 },
  ];
  for (const log of logs) {
    await ok(
      apiCall(
        baseUrl,
        'POST',
        '/car-logs',
        {
          id: randomUUID(),
          carId: car.id,
          type: log.type,
          title: log.title,
          startDate: daysAgo(log.days),
          cost: log.cost,
          currencyCode: 'EUR',
          mileage: log.mileage,
          location: log.location,
          tags: log.tags,
        },
        camille.token,
      ),
      `log ${log.title}`,
    );
  }

  const posts = [
    [julien, '<p>Sortie au col de la Forclaz ce matin : route sèche, personne, et la 911 qui chante. 🏔️</p>'],
    [camille, '<p>Contrôle technique passé <strong>sans aucune remarque</strong> pour la bleue !</p>'],
    [julien, '<p>Qui vient au rassemblement de dimanche à Annecy ? Départ 9 h du parking du Pâquier.</p>'],
    [camille, '<p>Nouveaux pneus montés, première journée circuit à Magny-Cours le mois prochain.</p>'],
  ];
  for (const [member, content] of posts) {
    await ok(apiCall(baseUrl, 'POST', '/posts', { id: randomUUID(), content }, member.token), 'post');
  }
  return camille;
}

async function main() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const camille = await seed(server.baseUrl);
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: 1,
        locale: LOCALE,
        serviceWorkers: 'block',
        reducedMotion: 'reduce',
      });
      await context.addInitScript(seedSessionScript({ ...camille, locale: LOCALE }));
      const page = await context.newPage();
      await page.goto(server.baseUrl + shot.path);
      await page.waitForLoadState('networkidle');
      await page.locator('h1').first().waitFor();
      const ready = shot.path === '/my-cars' ? '[data-testid="log-row"]' : 'article';
      await page.locator(ready).first().waitFor({ timeout: 20_000 });
      await shot.prepare?.(page);
      // Fonts and images (avatars) loaded, then two frames with the same scroll: states, not a time.
      /* global document, window, requestAnimationFrame -- these run in the page */
      await page.waitForFunction(
        () => document.fonts.status === 'loaded' && [...document.images].every((img) => img.complete),
      );
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        let last = -1;
        while (last !== window.scrollY) {
          last = window.scrollY;
          await frame();
          await frame();
        }
      });
      const raw = await page.screenshot({ type: 'png' });
      const png = await sharp(raw)
        .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
        .toBuffer();
      writeFileSync(path.join(OUT_DIR, `${shot.name}.png`), png);
      console.log(`${shot.name}.png ${shot.width}x${shot.height} ${Math.round(png.length / 1024)} KiB`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
}

await main();

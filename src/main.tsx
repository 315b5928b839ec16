// The entry stays small: its imports are evaluated in one task, so the app is loaded in steps
// (React DOM, then the rest) with a pause between them (Lighthouse's total blocking time).
import { installPreloadErrorHandler } from '@/features/pwa/register-sw';
import { applyAppHints, paintsScreenFirst, preloadRouteScripts, preloadRouteStyles } from '@/app/route-hints';
import '@/ui/theme.css';
import '@/ui/components.css';
// With theme.css and components.css, the design system's style sheets (src/ui/index.ts imports them
// too): the signed-in shell and the feed import its components by path, not through that index.
import '@/ui/layout.css';

installPreloadErrorHandler();
const path = window.location.pathname;
// Signed in and online on the feed, the garage, a car's overview or the account screen, the screen's
// first view paints from the entry (feed-first-paint.ts, garage-first-paint.ts, car-home-first-paint.ts,
// account-first-paint.ts): the app's files are asked for once it has (the
// page's bandwidth goes to that view first), or after FIRST_PAINT_MAX_WAIT_MS. Elsewhere, now: the
// screen's chunks and the member's catalog start beside React DOM and the app. The screen's style
// sheets start now in both cases.
const paintedFirst = paintsScreenFirst(path);
preloadRouteStyles(path);
const askForTheApp = () => {
  applyAppHints();
  preloadRouteScripts(path);
};
if (!paintedFirst) askForTheApp();
// Signed in and online on /feed, /my-cars or /car/{id}: the screen's first data is asked for as soon as its
// small chunk is in (its modules are the app's step's anyway), not after React DOM and the app's
// step; start() reads the same answer. Imported, not static: the hints above must not wait for it.
const earlyAsks = import('@/app/early-asks')
  .then((early) => {
    early.askEarlyForScreen(path);
    return paintedFirst ? early.firstPaint() : undefined;
  })
  .catch(() => undefined); // start() asks itself

async function boot(): Promise<void> {
  // React DOM downloads meanwhile (the app's hints ask for it); its evaluation, one long task,
  // comes after the screen's first request has left (on the screens painted first, after their
  // first view has painted) rather than holding it back.
  await earlyAsks;
  if (paintedFirst) askForTheApp();
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { start } = await import('@/app/start');
  await start();
}

void boot();

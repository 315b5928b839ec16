// The device's data in a page (src/lib/offline/shell-settled.ts): why it started (the User Timing
// mark it notes), a gesture that starts it, and the member's mirrored posts read with IndexedDB
// itself.

export const DEVICE_DATA_MARK = 'paddock:device-data';

/** The reason the page's device data started with, or null while it has not. */
export function deviceDataReason(page) {
  return page.evaluate((name) => {
    const marks = performance.getEntriesByName(name);
    return marks.at(-1)?.detail ?? null;
  }, DEVICE_DATA_MARK);
}

/**
 * What a member reading the feed does first (a scroll of the wheel), then waits until the device's
 * data has started; resolves to its reason.
 */
export async function startDeviceData(page, { timeoutMs = 60_000 } = {}) {
  await page.mouse.move(180, 400);
  await page.mouse.wheel(0, 120);
  const reason = await page.waitForFunction(
    (name) => performance.getEntriesByName(name).at(-1)?.detail ?? null,
    DEVICE_DATA_MARK,
    { timeout: timeoutMs },
  );
  return reason.jsonValue();
}

/** Waits until the signed-in member's database holds at least `min` posts (the feed's mirror). */
export async function waitForMirroredPosts(page, min, { timeoutMs = 60_000 } = {}) {
  await page.waitForFunction(
    async (least) => {
      const user = JSON.parse(localStorage.getItem('current_user') ?? 'null');
      if (!user?.id || !(await globalThis.indexedDB.databases()).some((d) => d.name === `paddock-${user.id}`))
        return false;
      const db = await new Promise((resolve, reject) => {
        const request = globalThis.indexedDB.open(`paddock-${user.id}`);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains('posts')) return false;
        const count = await new Promise((resolve, reject) => {
          const request = db.transaction('posts').objectStore('posts').count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        return count >= least;
      } finally {
        db.close();
      }
    },
    min,
    { timeout: timeoutMs, polling: 250 },
  );
}

// A car's overview address (/car/{id}, or /car/{id}/), the one car-home screen the entry paints
// before the app (car-home-first-paint.ts): read by the entry's route hints and its early ask, so
// it imports nothing.

const CAR_HOME_PATH = /^\/car\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The router's path of a car's home, as the build's route hints name it (vite.config.ts). */
export const CAR_HOME_ROUTE = '/car/$id';

/** The car id of a car home's overview address, else null (its sections are not painted first). */
export function carHomeId(pathname: string): string | null {
  return CAR_HOME_PATH.exec(pathname)?.[1] ?? null;
}

// The signed-in screens' addresses as the router's files name them (src/routes/_authenticated/),
// for the build's route hints (vite.config.ts reads the files) and the entry that uses them
// (route-hints.ts matches the address opened). Imports nothing: it is part of the entry.

/**
 * A route file's address, as TanStack Router's flat file names give it: dots separate segments,
 * `index` is the parent's own address, a trailing `_` leaves the parent's layout (the address keeps
 * the segment), `$name` is a parameter. `car.$id.index` → `/car/$id`, `car_.$id.fill-up` →
 * `/car/$id/fill-up`.
 */
export function routePathOfFile(stem: string): string {
  const segments = stem
    .split('.')
    .filter((s) => s !== 'index')
    .map((s) => s.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/**
 * The route files whose layout holds this one (their components render around it): those whose
 * dotted name is a strict prefix of its own, segment by segment. `car.$id.fuel` ⊂ `car.$id`;
 * `car_.$id.fill-up` is in no layout (`car_` leaves it).
 */
export function layoutsOfFile(stem: string, stems: readonly string[]): string[] {
  const own = stem.split('.');
  return stems.filter((other) => {
    const parts = other.split('.');
    return parts.length < own.length && parts.every((part, i) => part === own[i]);
  });
}

/** `/car/{id}/` and `/car/{id}` are one address. */
function segmentsOf(path: string): string[] {
  const inner = path.replace(/^\/+|\/+$/g, '');
  return inner ? inner.split('/') : [];
}

/**
 * The pattern (`/post/$id`) an address opens, among `patterns`; a static segment outranks a
 * parameter (`/my-cars/{id}/reminders/new` is not the reminder `new`). Null when none matches.
 */
export function matchRoutePattern(pathname: string, patterns: Iterable<string>): string | null {
  const path = segmentsOf(pathname);
  let best: string | null = null;
  let bestStatic = -1;
  for (const pattern of patterns) {
    const parts = segmentsOf(pattern);
    if (parts.length !== path.length) continue;
    let statics = 0;
    const matches = parts.every((part, i) => {
      if (part.startsWith('$')) return path[i] !== '';
      statics++;
      return part === path[i];
    });
    if (matches && statics > bestStatic) {
      best = pattern;
      bestStatic = statics;
    }
  }
  return best;
}

// Lib code (interceptor, session, socket) must reach the router without importing it: the router
// module imports the lib, so the app registers its navigate function here once at start-up.
export type NavigateOptions = { replace?: boolean };
type Navigator = (to: string, opts?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function registerNavigator(fn: Navigator): void {
  navigator = fn;
}

export function navigateTo(to: string, opts?: NavigateOptions): void {
  if (navigator) {
    navigator(to, opts);
    return;
  }
  // Before the router exists (very early start-up) a full page load is the only way to move.
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

// Spec §2: the paths a signed-out member may stay on. /legal/{type} is a public route of the
// spec too (it is linked from the signed-out screens), so it is kept reachable. /confirm-email is
// ours: the link mailed to a new address, opened on whichever device, signed in or not.
const SIGNED_OUT_PATHS = [
  '/login',
  '/auth/callback',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
];

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isPublicPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return SIGNED_OUT_PATHS.includes(path) || path.startsWith('/legal/');
}

/** After a refusal: to login, unless the member already stands on a public screen (e.g. a reset link). */
export function goToLoginUnlessPublic(): void {
  if (typeof window !== 'undefined' && isPublicPath(window.location.pathname)) return;
  navigateTo('/login');
}

/** The hash of a comment on its post's page (/post/{id}#comment-{commentId}): a notification opens it there. */
export function commentAnchor(commentId: string): string {
  return `comment-${commentId}`;
}

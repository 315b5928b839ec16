// A link opened while signed out (a shared post, a notification's address) is where the member
// lands once signed in, through the login form, the sign-up form or a provider's callback, rather
// than the home page. Kept per tab (sessionStorage): the tab the link was opened in. Only a path of
// this app is kept (never another origin), and never a public screen (login, sign-up…).
import { isPublicPath } from '@/lib/navigation';

const KEY = 'paddock.deep-link';

/** A same-origin, signed-in path with its search and hash ("/post/1#comment-2"), or null. */
function signedInPath(href: string): string | null {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return null;
  const path = href.split(/[?#]/)[0] ?? '';
  if (path === '/' || isPublicPath(path)) return null;
  return href;
}

/** Keeps `href` (the address the guard turned away) for after the sign-in. */
export function rememberDeepLink(href: string): void {
  const kept = signedInPath(href);
  try {
    if (kept) sessionStorage.setItem(KEY, kept);
  } catch {
    // Storage refused (private mode): the member lands on the home page, as before.
  }
}

/** The kept link, forgotten as it is taken; null when there is none. */
export function takeDeepLink(): string | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return kept ? signedInPath(kept) : null;
  } catch {
    return null;
  }
}

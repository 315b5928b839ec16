import { redirect } from '@tanstack/react-router';
import { rememberDeepLink, takeDeepLink } from '@/lib/auth/deep-link';
import { session, type SessionStatus } from '@/lib/auth/session';
import { isPublicPath, normalisePath as normalise } from '@/lib/navigation';

export const HOME_PATH = '/feed' as const;
export const LOGIN_PATH = '/login' as const;

const SIGNED_IN_BOUNCED_PATHS = ['/', '/login', '/signup'];

export { isPublicPath };

/** Spec §2 root behaviour, once the first auth check has finished: where to send the member, or null. */
export function rootRedirectTarget(
  pathname: string,
  status: SessionStatus,
): typeof HOME_PATH | typeof LOGIN_PATH | null {
  const path = normalise(pathname);
  if (status === 'signedIn' && SIGNED_IN_BOUNCED_PATHS.includes(path)) return HOME_PATH;
  if (status !== 'signedIn' && !isPublicPath(path)) return LOGIN_PATH;
  return null;
}

/** Root route beforeLoad: waits for the first auth check, then applies the root behaviour. */
export async function rootBeforeLoad({
  location,
}: {
  location: { pathname: string; href?: string };
}): Promise<void> {
  const state = await session.whenReady();
  const target = rootRedirectTarget(location.pathname, state.status);
  // The address turned away is where the sign-in leads back (deep-link.ts).
  if (target === LOGIN_PATH) rememberDeepLink(location.href ?? location.pathname);
  if (target) throw redirect({ to: target, replace: true });
}

/** `_authenticated` beforeLoad: lets a signed-in member through, otherwise blocks and goes to login. */
export async function requireSignedIn({
  location,
}: { location?: { pathname: string; href?: string } } = {}): Promise<void> {
  const state = await session.whenReady();
  if (state.status === 'signedIn') return;
  if (location) rememberDeepLink(location.href ?? location.pathname);
  throw redirect({ to: LOGIN_PATH, replace: true });
}

/** Where a member goes once signed in: the link they opened while signed out, else home. */
export function afterSignInTarget(): string {
  return takeDeepLink() ?? HOME_PATH;
}

import { redirect } from '@tanstack/react-router';
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
export async function rootBeforeLoad({ location }: { location: { pathname: string } }): Promise<void> {
  const state = await session.whenReady();
  const target = rootRedirectTarget(location.pathname, state.status);
  if (target) throw redirect({ to: target, replace: true });
}

/** `_authenticated` beforeLoad: lets a signed-in member through, otherwise blocks and goes to login. */
export async function requireSignedIn(): Promise<void> {
  const state = await session.whenReady();
  if (state.status !== 'signedIn') throw redirect({ to: LOGIN_PATH, replace: true });
}

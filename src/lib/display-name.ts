export const UNKNOWN_USER = 'Unknown User';

type Named = {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
};

/** Spec §3: "first last" trimmed, else the username, else the e-mail, else "Unknown User". */
export function displayName(user: Named | null | undefined): string {
  if (!user) return UNKNOWN_USER;
  const full = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  if (full) return full;
  if (user.username?.trim()) return user.username.trim();
  if (user.email?.trim()) return user.email.trim();
  return UNKNOWN_USER;
}

import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for the wire: 32 random bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

export const nowIso = (): string => new Date().toISOString();

export const isoIn = (seconds: number, from = Date.now()): string =>
  new Date(from + seconds * 1000).toISOString();

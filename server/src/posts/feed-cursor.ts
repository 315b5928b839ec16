// The feed's keyset cursor: where a page ended (its last post's createdAt and id), opaque to the
// client. The next page starts strictly after it in feed order (newest first, then id), so paging
// by cursor costs the same at any depth where OFFSET walks every post before it.
import { badRequest } from '../http/errors';

export interface FeedPosition {
  createdAt: string;
  id: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; 400 for anything this server did not make. */
export function decodeFeedCursor(cursor: string): FeedPosition {
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !ISO.test(createdAt) || !UUID.test(id)) {
    throw badRequest('Some fields are missing or invalid.', [
      { field: 'querystring.before', message: 'must be a meta.nextCursor of the feed' },
    ]);
  }
  return { createdAt, id };
}

// Avatar files in the media store (`avatars/` under DATA_DIR or in the bucket), named `<version>-<size>.webp`
// by the server only. The version is a fresh UUID per upload: it is part of the avatar URL, so a URL names
// one image forever and can be cached for good.
import { randomUUID } from 'node:crypto';
import { AVATAR_SIZES, type AvatarSize } from '../../../src/contract/people';
import { API_BASE } from '../../../src/contract/constants';
import type { ObjectStore } from '../media/object-store';
import type { AvatarImages } from './avatar-images';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The URL a member's avatar is served at (the `avatar` field of a user). */
export const avatarUrl = (userId: string, version: string) =>
  `${API_BASE}/users/${userId}/avatar?v=${version}`;

/** The version inside an avatar URL made by `avatarUrl`; null for anything else. */
export function avatarVersion(url: string | null): string | null {
  if (!url) return null;
  const v = new URLSearchParams(url.split('?')[1] ?? '').get('v');
  return v && VERSION.test(v) ? v : null;
}

export interface Log {
  warn(details: object, message: string): void;
}

/** The object key of one size of an avatar. */
export function avatarObjectKey(version: string, size: AvatarSize): string {
  if (!VERSION.test(version)) throw new Error('invalid avatar version');
  return `avatars/${version}-${size}.webp`;
}

export function avatarStorage(store: ObjectStore) {
  const remove = async (version: string) => {
    await Promise.all(AVATAR_SIZES.map((size) => store.delete(avatarObjectKey(version, size))));
  };

  return {
    /** Writes every size; answers the new version. Nothing stays behind when a write fails. */
    async save(images: AvatarImages): Promise<string> {
      const version = randomUUID();
      try {
        for (const size of AVATAR_SIZES)
          await store.put(avatarObjectKey(version, size), images[size], 'image/webp');
      } catch (error) {
        await remove(version).catch(() => undefined);
        throw error;
      }
      return version;
    },

    read: (version: string, size: AvatarSize) => store.read(avatarObjectKey(version, size)),

    /** Removes a replaced avatar's files; a failure is logged, never the member's problem. */
    async discard(version: string | null, log: Log): Promise<void> {
      if (!version) return;
      try {
        await remove(version);
      } catch (error) {
        log.warn({ avatarVersion: version, code: (error as { code?: string }).code }, 'avatar not removed');
      }
    },
  };
}

export type AvatarStorage = ReturnType<typeof avatarStorage>;

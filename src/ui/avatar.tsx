// A member's round picture (fetched with the bearer token by src/lib/media/avatar-url.ts) or initial, for
// lists and cards of any feature; styled by .ui-avatar in components.css, or by a feature's own
// class (`look`). Not in the ui barrel: imported by path, so only the screens that show one carry it.
import { useState } from 'react';
import type { AvatarSize } from '@/contract/constants';
import { initialOf } from '@/lib/text/display-name';
import { useAvatarUrl } from '@/lib/media/avatar-url';

/** What an avatar needs of a member: the picture, else the names for the initial. */
export type AvatarPerson = {
  avatar: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
};

/**
 * A member's round picture, or the upper-cased first letter of the display name (a whole
 * character) when there is no image or it fails to load. Decorative (the name is always written
 * beside it): the image has alt="" and the letter is aria-hidden.
 * `size` picks the stored image (50 or 256 px); `display` the size on screen with ui's own look.
 * `look` replaces ui's look by a feature's CSS class (e.g. `post-avatar`, 50 px in posts.css); the
 * letter then adds `<look>--initial`. `testId` is the data-testid (none when null).
 */
export function Avatar({
  person,
  size = 50,
  display = 'medium',
  look,
  testId = 'avatar',
}: {
  person: AvatarPerson;
  size?: AvatarSize;
  display?: 'small' | 'medium' | 'large';
  look?: string;
  testId?: string | null;
}) {
  const src = useAvatarUrl(person.avatar, size);
  const [broken, setBroken] = useState<string | null>(null);
  const className = look ?? `ui-avatar ui-avatar--${display}`;
  if (src && broken !== src) {
    return (
      <span className={className} data-testid={testId ?? undefined}>
        <img src={src} alt="" width={size} height={size} onError={() => setBroken(src)} />
      </span>
    );
  }
  return (
    <span
      className={look ? `${look} ${look}--initial` : className}
      data-testid={testId ?? undefined}
      aria-hidden="true"
    >
      {initialOf(person)}
    </span>
  );
}

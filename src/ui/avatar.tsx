// A member's round picture (fetched with the bearer token by src/lib/avatar-url.ts) or initial, for
// lists and cards of any feature; styled by .ui-avatar in components.css. Not in the ui barrel: the
// feed's first render does not need it.
import { useState } from 'react';
import type { AvatarSize } from '@/contract/constants';
import { displayName } from '@/lib/display-name';
import { useAvatarUrl } from '@/lib/avatar-url';

/** What an avatar needs of a member: the picture, else the names for the initial. */
export type AvatarPerson = {
  avatar: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
};

/**
 * A member's round picture, or the upper-cased first letter of the display name when there is no
 * image or it fails to load. Decorative (the name is always written beside it), hence alt="".
 * `size` picks the stored image (50 or 256 px); `display` the size on screen.
 */
export function Avatar({
  person,
  size = 50,
  display = 'medium',
}: {
  person: AvatarPerson;
  size?: AvatarSize;
  display?: 'small' | 'medium' | 'large';
}) {
  const src = useAvatarUrl(person.avatar, size);
  const [broken, setBroken] = useState<string | null>(null);
  const initial = displayName(person).charAt(0).toUpperCase();
  return (
    <span className={`ui-avatar ui-avatar--${display}`} data-testid="avatar">
      {src && broken !== src ? (
        <img src={src} alt="" onError={() => setBroken(src)} />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}

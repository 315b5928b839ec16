import { useState } from 'react';
import { useAvatarUrl } from '@/lib/avatar-url';
import type { AvatarPerson } from '@/ui/avatar';
import { initialOf } from './filter-friends';

/**
 * A member's round 50 px picture (spec §9 avatar size), or the upper-cased first letter of the
 * display name when there is no image or it fails to load (spec §2), drawn on the bundled default
 * avatar. Decorative: the name is always written beside it.
 */
export function RecipientAvatar({ person, className }: { person: AvatarPerson; className?: string }) {
  // Avatars need the bearer token: src/lib/avatar-url.ts fetches them (undefined until loaded, or
  // when it cannot be loaded).
  const src = useAvatarUrl(person.avatar, 50);
  const [broken, setBroken] = useState<string | null>(null);
  const classes = ['recipient-avatar', className].filter(Boolean).join(' ');
  if (src && broken !== src) {
    return (
      <span className={classes} data-testid="recipient-avatar">
        <img src={src} alt="" width={50} height={50} onError={() => setBroken(src)} />
      </span>
    );
  }
  return (
    <span
      className={`${classes} recipient-avatar--initial`}
      data-testid="recipient-avatar"
      aria-hidden="true"
    >
      {initialOf(person)}
    </span>
  );
}

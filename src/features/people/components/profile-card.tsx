import type { ReactNode } from 'react';
import { displayName } from '@/lib/text/display-name';
import { Card, LocationIcon } from '@/ui';
import { Avatar } from '@/ui/avatar';

type ProfileLike = {
  firstName: string;
  lastName: string;
  username: string;
  email?: string | null;
  avatar: string | null;
  city: string | null;
  bio: string | null;
};

/**
 * A member's card: big avatar, name, @username, city and bio. The bio is the server's sanitised
 * Quill HTML (server/src/garage/rich-text.ts), hence shown as HTML.
 */
export function ProfileCard({
  profile,
  emptyBio,
  children,
}: {
  profile: ProfileLike;
  /** Shown when there is no bio (nothing when absent). */
  emptyBio?: ReactNode;
  children?: ReactNode;
}) {
  const name = displayName(profile);
  return (
    <Card className="people-card">
      <section className="people-card__head ui-flex ui-wrap ui-center ui-gap-4" aria-label={name}>
        <Avatar person={profile} size={256} display="large" />
        <div className="people-card__who">
          <h2 className="people-card__name">{name}</h2>
          <p className="people-card__username">@{profile.username}</p>
          {profile.city ? (
            <p className="people-card__city">
              <LocationIcon />
              {profile.city}
            </p>
          ) : null}
        </div>
      </section>
      {profile.bio ? (
        <div className="rich-text people-card__bio" dangerouslySetInnerHTML={{ __html: profile.bio }} />
      ) : emptyBio ? (
        <p className="people-card__no-bio">{emptyBio}</p>
      ) : null}
      {children}
    </Card>
  );
}

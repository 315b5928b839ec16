import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { displayName } from '@/lib/text/display-name';
import { Avatar } from '@/ui/avatar';
import { LocationIcon } from '@/ui';

export type PersonSummary = {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  avatar: string | null;
  city: string | null;
};

/** One member in a list: avatar, name (to their profile), @username, city, and what I can do. */
export function PersonRow({
  person,
  detail,
  actions,
}: {
  person: PersonSummary;
  /** A line under the name, e.g. why they are suggested. */
  detail?: ReactNode;
  actions?: ReactNode;
}) {
  const name = displayName(person);
  return (
    <li className="people-row ui-row" data-testid="person-row" aria-label={name}>
      <Avatar person={person} size={50} />
      <div className="people-row__text">
        <Link to="/people/$id" params={{ id: person.id }} className="people-row__name">
          {name}
        </Link>
        <span className="people-row__meta">
          <span className="people-row__username">@{person.username}</span>
          {person.city ? (
            <span className="people-row__city">
              <LocationIcon />
              {person.city}
            </span>
          ) : null}
        </span>
        {detail ? <span className="people-row__detail">{detail}</span> : null}
      </div>
      {actions ? <div className="people-row__actions">{actions}</div> : null}
    </li>
  );
}

/** The list around PersonRow items. */
export function PeopleList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="people-list ui-row-list" aria-label={label}>
      {children}
    </ul>
  );
}

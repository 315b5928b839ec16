import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '@/lib/auth/session';
import './author-link.css';

/**
 * A link to the member who wrote a post or a comment: their profile, or mine. `decorative` is the
 * avatar beside the name: the same place, so out of the tab order and hidden from screen readers.
 */
export function AuthorLink({
  authorId,
  decorative,
  className,
  children,
}: {
  authorId: string;
  decorative?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const me = useSession().user?.id;
  const extra = decorative ? ({ tabIndex: -1, 'aria-hidden': true } as const) : {};
  const classes = ['author-link', className].filter(Boolean).join(' ');
  return authorId === me ? (
    <Link to="/profile" className={classes} {...extra}>
      {children}
    </Link>
  ) : (
    <Link to="/people/$id" params={{ id: authorId }} className={classes} {...extra}>
      {children}
    </Link>
  );
}

// What a member's profile shows below their card that other features own (their cars, their
// posts): the route composes them (docs/ARCHITECTURE.md, "The client's features"), so that the
// people feature renders no other feature's screen.
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface MemberSection {
  /** React's key for the section. */
  key: string;
  render: (member: { id: string; name: string }) => ReactNode;
  /** The query a pull to refresh invalidates, for this member. */
  queryKey: (memberId: string) => QueryKey;
}

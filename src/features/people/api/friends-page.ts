// A page of my friends as the list reads it: a module of its own, so that the pending overlay and
// the query (get-friends.ts) share it without importing each other.
import type { InfiniteData } from '@tanstack/react-query';
import type { Friend } from '@/contract/people';

export interface FriendsPage {
  friends: Friend[];
  /** All my friends, not only this page's. */
  total: number;
  offset: number;
}
export type FriendsPages = InfiniteData<FriendsPage, number>;

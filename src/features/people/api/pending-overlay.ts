// docs/OFFLINE-FIRST.md property 8: a refresh never undoes a write still queued. The lists fetched
// from the server get the queued friendship writes laid over them (a friend removed offline stays
// removed after a reload, until the removal is sent).
import type { FriendRequests, FriendSuggestion, Friendship, PersonCard, Profile } from '@/contract/people';
import { pendingFriendWrites, type PendingFriendWrites } from '../data/friends';
import type { FriendsPage } from './friends-page';

const withFriendship = <T extends { id: string; friendship: Friendship }>(
  item: T,
  pending: PendingFriendWrites,
): T => {
  const friendship = pending.friendship.get(item.id);
  return friendship ? { ...item, friendship } : item;
};

export async function overFriendsPage(page: FriendsPage): Promise<FriendsPage> {
  const pending = await pendingFriendWrites();
  if (!pending.removedFriends.size) return page;
  const friends = page.friends.filter((f) => !pending.removedFriends.has(f.id));
  return { ...page, friends, total: Math.max(0, page.total - (page.friends.length - friends.length)) };
}

export async function overRequests(data: FriendRequests): Promise<FriendRequests> {
  const { closedRequests } = await pendingFriendWrites();
  if (!closedRequests.size) return data;
  const incoming = data.incoming.filter((r) => !closedRequests.has(r.id));
  const outgoing = data.outgoing.filter((r) => !closedRequests.has(r.id));
  return {
    incoming,
    outgoing,
    incomingTotal: data.incomingTotal - (data.incoming.length - incoming.length),
    outgoingTotal: data.outgoingTotal - (data.outgoing.length - outgoing.length),
  };
}

export async function overCards(cards: PersonCard[]): Promise<PersonCard[]> {
  const pending = await pendingFriendWrites();
  return cards.map((card) => withFriendship(card, pending));
}

export async function overProfile(profile: Profile): Promise<Profile> {
  return withFriendship(profile, await pendingFriendWrites());
}

export async function overSuggestions(list: FriendSuggestion[]): Promise<FriendSuggestion[]> {
  const pending = await pendingFriendWrites();
  return list.map((s) => ({ ...s, user: withFriendship(s.user, pending) }));
}

import type { FriendSuggestion } from '@/contract/people';

type T = (id: string, values?: Record<string, unknown>) => string;

/** Why someone is suggested, in words: mutual friends, same city, car makes we both own. */
export function suggestionReasons(s: FriendSuggestion, t: T, locale: string): string[] {
  const reasons: string[] = [];
  if (s.mutualFriends > 0) reasons.push(t('FRIENDS.REASON_MUTUAL', { count: s.mutualFriends }));
  if (s.sameCity && s.user.city) reasons.push(t('FRIENDS.REASON_CITY', { city: s.user.city }));
  if (s.sharedMakes.length) {
    const makes = new Intl.ListFormat(locale, { type: 'conjunction' }).format(s.sharedMakes);
    reasons.push(t('FRIENDS.REASON_MAKES', { makes }));
  }
  return reasons;
}

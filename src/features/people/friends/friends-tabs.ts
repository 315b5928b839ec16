/** The friends screen's tabs, in order; the route keeps the selected one in `?tab=`. */
export const FRIENDS_TABS = ['friends', 'requests', 'suggestions', 'search'] as const;
export type FriendsTab = (typeof FRIENDS_TABS)[number];

export function parseFriendsTab(value: unknown): FriendsTab | undefined {
  return (FRIENDS_TABS as readonly unknown[]).includes(value) ? (value as FriendsTab) : undefined;
}

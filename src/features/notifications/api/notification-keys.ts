// One key factory for the feature's server state (every cache update below goes through it).
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (unreadOnly: boolean) => [...notificationKeys.lists(), { unreadOnly }] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  /** The display name of a member a notification is about (the payload carries ids only). */
  memberName: (memberId: string) => [...notificationKeys.all, 'member-name', memberId] as const,
};

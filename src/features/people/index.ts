// What other features may use of people: avatars, the friends list query, the live refresh.
// Screens are not exported here: route files import them directly (each is its own chunk).
export {
  useAvatarUrl,
  avatarImageUrl,
  clearAvatarCache,
  AVATAR_CACHE_MAX_ENTRIES,
} from './avatar/use-avatar-url';
export { Avatar, type AvatarPerson } from './components/avatar';
export { DialogPersonRow } from './components/dialog-person-row';
export { usePerson } from './api/get-person';
export { friendsQueryOptions, getFriends, useFriends, friendsOf, type FriendsPage } from './api/get-friends';
export { friendsKeys, peopleKeys } from './api/keys';
export { useFriendsLive } from './hooks/use-friends-live';
export { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './hooks/use-debounced-value';
export { FRIENDS_TABS, type FriendsTab } from './friends/friends-tabs';

// What other features may use of people: the friends list query and a member's card. Screens are
// not exported here: route files import them directly (each is its own chunk). Avatars are shared
// layers: src/lib/media/avatar-url.ts (the fetch and cache) and src/ui/avatar.tsx.
// The feed's first post card imports this (its "liked by" line names my friends): what it exports
// stays small and Dexie-free (the pending overlays are imported when a query runs), as
// tests/browser/bundle-budget.test.ts checks.
export { usePerson } from './api/get-person';
export { friendsQueryOptions, getFriends, useFriends, friendsOf, type FriendsPage } from './api/get-friends';

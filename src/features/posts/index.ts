// What other features may use of the feed: a post's refresh (the files screen, after a delete),
// and a member's posts for their profile.
// Screens are not exported here: route files import them directly (each is its own chunk).
export { syncPost } from './data';
export { MemberPosts } from './member-posts';
export { memberPostsKey } from './api/member-posts';
// A car's build thread on its page.
export { BuildThread } from './build-thread';
// A tag's page (its route composes it in a page).
export { TagPosts } from './tag-posts';
export { tagPostsKey } from './api/tag-posts';

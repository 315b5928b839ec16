// What other features and the routes may use of the notifications: opening an item marks its
// notifications read (on every device, through the outbox).
export { markRelatedRead, useMarkFriendRequestsRead, useMarkRelatedRead } from './api/mark-related-read';

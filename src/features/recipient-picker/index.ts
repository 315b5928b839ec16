// The recipient-choosing modal (spec §2) and its pieces others may reuse.
export { RecipientPickerModal, type RecipientChoice } from './recipient-picker-modal';
export { RecipientAvatar } from './recipient-avatar';
export { useLinkedRecipient, type LinkedRecipient } from './use-recipient';
export { useRecipientFriends } from './use-recipient-friends';
export { filterFriends, initialOf, usernameLine } from './filter-friends';
export {
  DEFAULT_AVATAR_URL,
  RECIPIENT_FRIENDS_LIMIT,
  RECIPIENT_FRIENDS_PAGE,
  REFRESH_INDICATOR_MS,
  SEARCH_DEBOUNCE_MS,
  SKELETON_ROWS,
} from './constants';

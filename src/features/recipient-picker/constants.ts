// The recipient-choosing modal's numbers (spec §2, §7, §9), each pinned by a test.

/** Spec §7/§9: the modal asks for page 1 of 50 friends (offset 0), and only that page. */
export const RECIPIENT_FRIENDS_PAGE = 1;
export const RECIPIENT_FRIENDS_LIMIT = 50;
/** Spec §2/§9: the search waits this long after typing. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec §2/§9: the pull-to-refresh indicator ends after this long. */
export const REFRESH_INDICATOR_MS = 500;
/** Spec §2/§9: skeleton rows while loading. */
export const SKELETON_ROWS = 5;
/** The bundled default avatar (public/assets): the backdrop of a member's initial. */
export const DEFAULT_AVATAR_URL = '/assets/default-avatar.svg';

// What a screen gets from a list kept on this device and paged from the server (the chat rooms, a
// messages folder): the local rows, whether the server has more, and how to ask for them.

export interface PagedList<View> {
  /** The local rows, live; undefined until Dexie has answered. */
  view: View | undefined;
  /** Nothing local yet and the server has not answered: the screen shows skeletons. */
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last refresh brought nothing new (offline, a server error); the local rows stay. */
  error: unknown;
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
}

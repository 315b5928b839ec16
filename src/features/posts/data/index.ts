// The feed's data layer: what the screens read (Dexie live queries), refresh (server → Dexie) and
// write (Dexie + outbox in one transaction). It pulls Dexie: import it from lazy screens only.
export { readFeed, useFeed, usePost } from './reads';
export { loadMoreFeed, mergePosts, syncFeed, syncPost, useFeedRefresh } from './sync';
export { deletePost, savePost, toggleLike, toggledLikes, updatePost } from './writes';
export { postHandlers } from './handlers';
export { loadTextImage, uploadTextImage } from './text-images';
export { FEED_CURSOR_KEY, POST_KINDS, type LocalPost, type PostDraft } from './types';
export {
  COMMENT_KINDS,
  commentHtml,
  commentText,
  deleteComment,
  editComment,
  commentHandlers,
  saveComment,
  syncComments,
  syncReplies,
  useComments,
  type CommentPage,
  type LocalComment,
} from './comments';
export { useCommentPages, useReplyPages, type CommentPaging, type PagingError } from './comment-paging';

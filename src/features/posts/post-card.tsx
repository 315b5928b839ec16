import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '@/lib/auth/session';
import { useUploadPercent } from '@/lib/outbox/upload-progress';
import { displayName } from '@/lib/text/display-name';
import { formatDate, useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ChatBubbleIcon, EditIcon, HeartIcon, TrashIcon } from '@/ui/icons';
import { useRichTextLinks } from '@/ui/rich-text-links';
// Not the editor's barrel: the feed's first render must not pull the editor in.
import { showMediaImages } from '@/ui/rich-text-editor/rich-text-images';
// By path, not the viewer's index: the viewer itself loads on the first tap.
import { PhotoGrid } from '@/ui/photo-viewer/photo-grid';
import { LazyPhotoViewer } from '@/ui/photo-viewer/lazy-photo-viewer';
import type { ViewerPhoto } from '@/ui/photo-viewer/photo-viewer';
// By path, not the ui barrel (which does not carry it).
import { Avatar } from '@/ui/avatar';
import { mediaIdOfImageSrc } from '@/contract/rich-text';
import type { LocalPost } from './data/types';
import { AuthorLink } from './author-link';
import { LikedBy } from './liked-by';
import { PostCarLogCard } from './post-car-log-card';
import { postPhotos } from './post-photos';

// The card paints the feed's first post before Dexie is loaded (docs/SPEC-NOTES.md §4, the feed's
// first page): what needs the data layer (a like, a delete, a text image, a car mentioned) imports
// it when used.
const postsData = () => import('./data');
const loadTextImage = (src: string) => import('./data/text-images').then((m) => m.loadTextImage(src));
const TrustMenu = lazy(() => import('@/features/trust').then((m) => ({ default: m.TrustMenu })));
const CarMention = lazy(() => import('@/features/cars').then((m) => ({ default: m.CarMention })));

/** The media urls of our own images in a post's text, in reading order. */
function textImageUrls(root: HTMLElement): HTMLImageElement[] {
  return [...root.querySelectorAll<HTMLImageElement>('img[src]')].filter(
    (img) => mediaIdOfImageSrc(img.getAttribute('src') ?? '') !== null,
  );
}

/**
 * The post's text; its images (our own files) are fetched with the token and shown once here. Each
 * opens the photo viewer (a click, Enter or Space) on the post's photos: those of the text, then the
 * post's image.
 */
function PostText({ html, post }: { html: string; post: LocalPost }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [viewing, setViewing] = useState<{ photos: ViewerPhoto[]; index: number } | null>(null);
  // Its tags and mentions as links (the shared renderer of post and comment bodies).
  useRichTextLinks(ref, html);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    showMediaImages(root, loadTextImage);
    // Frames and images need a name (WCAG 4.1.2, 1.1.1); the stored HTML has none to give.
    for (const frame of root.querySelectorAll('iframe')) {
      frame.setAttribute('title', t('EDITOR.TOOL_VIDEO'));
      frame.setAttribute('loading', 'lazy');
    }
    for (const img of root.querySelectorAll('img:not([alt])')) img.setAttribute('alt', '');
    // Our images are buttons that open the viewer, named for the photo they open.
    textImageUrls(root).forEach((img, i) => {
      const name = t('POSTS.TEXT_IMAGE_ALT', { n: i + 1 });
      img.setAttribute('role', 'button');
      img.setAttribute('tabindex', '0');
      img.setAttribute('aria-haspopup', 'dialog');
      img.setAttribute('aria-label', t('PHOTO_VIEWER.OPEN', { name }));
      img.classList.add('post-card__text-image');
    });
  }, [html, t]);

  const open = (target: EventTarget | null) => {
    const root = ref.current;
    if (!root || !(target instanceof HTMLImageElement)) return false;
    const images = textImageUrls(root);
    const index = images.indexOf(target);
    if (index < 0) return false;
    const photos: ViewerPhoto[] = images.map((img, i) => ({
      url: img.getAttribute('src') ?? '',
      alt: t('POSTS.TEXT_IMAGE_ALT', { n: i + 1 }),
    }));
    postPhotos(post).forEach((photo, i) =>
      photos.push({ url: photo.url, alt: t('POSTS.IMAGE_N_ALT', { n: i + 1 }) }),
    );
    opener.current = target;
    setViewing({ photos, index });
    return true;
  };

  // Sanitised by the server against the editor's allow-list (or the member's own, not sent yet).
  return (
    <>
      <div
        ref={ref}
        className="rich-text post-card__content"
        dangerouslySetInnerHTML={{ __html: html }}
        onClick={(event) => {
          if (open(event.target)) event.preventDefault();
        }}
        onKeyDown={(event) => {
          if ((event.key === 'Enter' || event.key === ' ') && open(event.target)) event.preventDefault();
        }}
      />
      {viewing ? (
        <LazyPhotoViewer
          photos={viewing.photos}
          startIndex={viewing.index}
          label={t('POSTS.POST_BY', { name: displayName(post.author) })}
          returnFocus={opener}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </>
  );
}

/**
 * The post's photos: fetched with the bearer token (or read from this device when not sent yet),
 * each in the room its stored size reserves so the feed does not jump when they arrive; a tap
 * opens the set full screen (swipe, arrows, keys; zoomable).
 */
function PostPhotos({ post }: { post: LocalPost }) {
  const t = useT();
  return (
    <PhotoGrid
      photos={postPhotos(post)}
      label={t('POSTS.POST_BY', { name: displayName(post.author) })}
      altOf={(i) => t('POSTS.IMAGE_N_ALT', { n: i + 1 })}
      className="post-card__photos"
    />
  );
}

export function PostCard({
  post,
  linkToPost = true,
  onDeleted,
  onLikeToggled,
}: {
  post: LocalPost;
  linkToPost?: boolean;
  onDeleted?: () => void;
  /** After my like or unlike is saved on this device (a list holding its own copy follows it). */
  onLikeToggled?: () => void;
}) {
  const t = useT();
  const me = useSession().user?.id ?? '';
  const isLiked = post.likes.includes(me);
  const [error, setError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = () => {
    setConfirming(false);
    postsData()
      .then((data) => data.deletePost(post.id))
      .then(onDeleted, () => setError(true));
  };
  const like = () => {
    setError(false);
    postsData()
      .then((data) => data.toggleLike(post.id))
      .then(onLikeToggled, () => setError(true));
  };
  const comments = t('POSTS.COMMENTS_COUNT', { count: post.commentsCount });
  const uploading = useUploadPercent(post.syncState === 'pending' ? post.id : undefined);
  return (
    <article className="post-card" aria-label={t('POSTS.POST_BY', { name: displayName(post.author) })}>
      <header className="post-card__header ui-flex ui-center ui-gap-3">
        <AuthorLink authorId={post.author.id} decorative>
          <Avatar person={post.author} look="post-avatar" testId={null} />
        </AuthorLink>
        <div className="post-card__meta ui-flex ui-column ui-gap-1">
          <AuthorLink authorId={post.author.id} className="post-card__author">
            {displayName(post.author)}
          </AuthorLink>
          <time className="post-card__date" dateTime={post.createdAt}>
            {formatDate(post.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </div>
        {post.syncState ? (
          <span className={`post-card__state post-card__state--${post.syncState}`} role="status">
            {uploading !== null
              ? t('POSTS.UPLOADING', { percent: uploading })
              : t(post.syncState === 'failed' ? 'POSTS.FAILED' : 'POSTS.PENDING')}
          </span>
        ) : null}
      </header>
      {uploading !== null ? (
        <progress
          className="post-card__progress"
          max={100}
          value={uploading}
          aria-label={t('POSTS.UPLOADING', { percent: uploading })}
        />
      ) : null}
      {post.content ? <PostText html={post.content} post={post} /> : null}
      {postPhotos(post).length > 0 ? <PostPhotos post={post} /> : null}
      {post.carLog !== undefined ? (
        <PostCarLogCard card={post.carLog} unavailable={post.carLogUnavailable} />
      ) : null}
      {post.carId && !post.carLog ? (
        <Suspense fallback={null}>
          <CarMention carId={post.carId} />
        </Suspense>
      ) : null}
      <LikedBy post={post} />
      <footer className="post-card__actions ui-flex ui-wrap ui-center">
        <button
          type="button"
          className={`post-card__like${isLiked ? ' post-card__like--on' : ''}`}
          aria-pressed={isLiked}
          onClick={like}
        >
          <HeartIcon filled={isLiked} />
          <span className="visually-hidden">{t('POSTS.LIKE')}</span>
          <span className="post-card__count">{t('POSTS.LIKES_COUNT', { count: post.likesCount })}</span>
        </button>
        {linkToPost ? (
          <Link to="/post/$id" params={{ id: post.id }} className="post-card__comments">
            <ChatBubbleIcon />
            {comments}
          </Link>
        ) : (
          <span className="post-card__comments">
            <ChatBubbleIcon />
            {comments}
          </span>
        )}
        {post.author.id === me ? (
          <span className="post-card__own">
            <Link
              to="/edit-post/$id"
              params={{ id: post.id }}
              className="ui-button ui-button--ghost ui-button--icon"
              aria-label={t('POSTS.EDIT')}
              title={t('POSTS.EDIT')}
            >
              <EditIcon />
            </Link>
            <Button
              variant="ghost"
              className="ui-button--icon"
              aria-label={t('POSTS.DELETE')}
              title={t('POSTS.DELETE')}
              onClick={() => setConfirming(true)}
              icon={<TrashIcon />}
            />
          </span>
        ) : (
          <Suspense fallback={null}>
            <TrustMenu
              targetType="post"
              targetId={post.id}
              authorId={post.author.id}
              label={t('POSTS.POST_BY', { name: displayName(post.author) })}
              onBlocked={onDeleted}
            />
          </Suspense>
        )}
      </footer>
      {confirming ? (
        <ConfirmDialog
          title={t('POSTS.DELETE_TITLE')}
          message={t('POSTS.DELETE_TEXT')}
          cancelLabel={t('POSTS.CANCEL')}
          confirmLabel={t('POSTS.DELETE')}
          onCancel={() => setConfirming(false)}
          onConfirm={remove}
        />
      ) : null}
      {error ? (
        <p className="post-card__error" role="alert">
          {t('POSTS.WRITE_FAILED')}
        </p>
      ) : null}
    </article>
  );
}

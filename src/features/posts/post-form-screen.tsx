import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { Post, PostCarLog } from '@/contract/posts';
import { POST_CONTENT_MAX, POST_IMAGES_MAX } from '@/contract/constants';
import { DEFAULT_MILEAGE_UNIT, useCar, useCarLog, useCars, type LocalCarLog } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { useGoBack } from '@/lib/navigation/history';
import { Alert, Button, EmptyState, Page, PhotosPicker, SkeletonRows, type KeptPhoto } from '@/ui';
import {
  FULL_TOOLBAR,
  isRichTextEmpty,
  richTextLength,
  RichTextEditor,
  type RichTextImages,
} from '@/ui/rich-text-editor';
import { loadTextImage, savePost, updatePost, uploadTextImage, usePost } from './data';
import { usePostToolbar } from './use-toolbar';
import { PostCarLogCard } from './post-car-log-card';
import { postPhotos } from './post-photos';
import './posts.css';

/**
 * The card this device shows for a log it holds (build threads), until the server's: its photos
 * (not its receipts), and its cost only when the member ticked "Show the cost".
 */
export function localLogCard(log: LocalCarLog, mileageUnit: string, showCost: boolean): PostCarLog {
  return {
    id: log.id,
    carId: log.carId,
    type: log.type,
    title: log.title,
    mileage: log.mileage,
    mileageUnit,
    startDate: log.startDate,
    photos: log.media
      .filter((m) => m.kind === 'image')
      .map((m) => ({ id: m.id, url: m.url, width: m.width, height: m.height })),
    showCost,
    ...(showCost ? { cost: log.cost, currencyCode: log.currencyCode } : {}),
  };
}

/**
 * What a new post may start with: another app's share (/share) brings its words as rich text and
 * its photos (past POST_IMAGES_MAX, the first ones are taken); `onSaved` runs once it is saved.
 */
export interface PostPrefill {
  content?: string;
  images?: readonly File[];
  onSaved?: () => void;
}

/** Writing a post (spec §2 create-post); `carLogId` shares that log of mine as its card. */
export function CreatePostScreen({ carLogId, prefill }: { carLogId?: string; prefill?: PostPrefill }) {
  const t = useT();
  return (
    <Page title={t(carLogId ? 'BUILD_THREAD.SHARE_TITLE' : 'POSTS.CREATE_TITLE')}>
      {carLogId ? <SharedLogForm logId={carLogId} /> : <PostForm prefill={prefill} />}
    </Page>
  );
}

/** The form for sharing a log this device holds: its card's preview above the member's text. */
function SharedLogForm({ logId }: { logId: string }) {
  const t = useT();
  const log = useCarLog(logId);
  const car = useCar(log?.carId);
  if (log === undefined || (log && car === undefined))
    return <SkeletonRows count={2} label={t('POSTS.LOADING')} />;
  if (log === null) return <EmptyState title={t('BUILD_THREAD.LOG_NOT_HERE')} />;
  return <PostForm sharedLog={{ log, mileageUnit: car?.mileageUnit ?? DEFAULT_MILEAGE_UNIT }} />;
}

/** Changing one of my posts (as it is on this device). */
export function EditPostScreen({ postId }: { postId: string }) {
  const t = useT();
  const post = usePost(postId);
  return (
    <Page title={t('POSTS.EDIT_TITLE')}>
      {post === undefined ? (
        <SkeletonRows count={1} label={t('POSTS.LOADING')} />
      ) : post === null ? (
        <EmptyState title={t('POSTS.NOT_FOUND')} />
      ) : (
        <PostForm post={post} />
      )}
    </Page>
  );
}

/**
 * The post form: rich text with the spec's toolbars, an optional image and an optional car of
 * mine. Saving writes it on this device and queues it (it works offline); the feed shows it as
 * pending until it is sent.
 */
function PostForm({
  post,
  sharedLog,
  prefill,
}: {
  post?: Post;
  /** A log shared as the post's card (a new post only). */
  sharedLog?: { log: LocalCarLog; mileageUnit: string };
  /** A new post's start (a share from another app). */
  prefill?: PostPrefill;
}) {
  const t = useT();
  const navigate = useNavigate();
  // Cancel returns to the screen before the form, inside the app (never the browser's own history).
  const goBack = useGoBack();
  const toolbar = usePostToolbar();
  const cars = useCars();
  const ids = { car: useId(), cost: useId() };
  const [showCost, setShowCost] = useState(false);
  const card = sharedLog ? localLogCard(sharedLog.log, sharedLog.mileageUnit, showCost) : null;
  const [content, setContent] = useState(post?.content ?? prefill?.content ?? '');
  const [files, setFiles] = useState<File[]>(() => [...(prefill?.images ?? [])].slice(0, POST_IMAGES_MAX));
  // Editing: the post's current photos stay (in order) unless removed.
  const [kept, setKept] = useState<KeptPhoto[]>(() =>
    post ? postPhotos(post).map((photo) => ({ id: photo.id, url: photo.url })) : [],
  );
  const [carId, setCarId] = useState(post?.carId ?? sharedLog?.log.carId ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const hasImage = files.length + kept.length > 0;
  // The toolbar's image button: uploaded to my files at once, inserted by its path.
  const textImages = useMemo<RichTextImages>(
    () => ({
      upload: async (file) => {
        try {
          return await uploadTextImage(file);
        } catch {
          setError(t('EDITOR.IMAGE_UPLOAD_FAILED'));
          return null;
        }
      },
      load: loadTextImage,
    }),
    [t],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isRichTextEmpty(content) && !hasImage && !card && !post?.carLog) {
      setError(t('POSTS.EMPTY_POST'));
      return;
    }
    if (richTextLength(content) > POST_CONTENT_MAX) return; // the editor says by how much
    setError(undefined);
    setSaving(true);
    const draft = {
      content: isRichTextEmpty(content) ? '' : content,
      carId: carId || null,
      ...(card ? { carLog: { id: card.id, showCost, card } } : {}),
    };
    try {
      if (post) {
        const before = postPhotos(post).map((photo) => photo.id);
        const after = kept.map((photo) => photo.id);
        const same = files.length === 0 && before.join() === after.join();
        await updatePost(post.id, draft, same ? {} : { images: { keep: after, add: files } });
        await navigate({ to: '/post/$id', params: { id: post.id } });
      } else {
        await savePost(draft, { images: files });
        prefill?.onSaved?.();
        await navigate({ to: '/feed' });
      }
    } catch {
      setError(t('POSTS.SAVE_FAILED'));
      setSaving(false);
    }
  };

  return (
    <form className="post-form ui-flex ui-column ui-gap-4" onSubmit={(e) => void submit(e)} noValidate>
      {post?.carLog !== undefined ? (
        <PostCarLogCard card={post.carLog} unavailable={post.carLogUnavailable} />
      ) : null}
      {card ? (
        <div className="post-form__log">
          <PostCarLogCard card={card} />
          <label className="post-form__check" htmlFor={ids.cost}>
            <input
              id={ids.cost}
              type="checkbox"
              checked={showCost}
              onChange={(e) => setShowCost(e.target.checked)}
            />
            <span>{t('BUILD_THREAD.SHOW_COST')}</span>
          </label>
        </div>
      ) : null}
      <RichTextEditor
        label={t('POSTS.CONTENT_LABEL')}
        value={content}
        onChange={setContent}
        placeholder={t('POSTS.PLACEHOLDER')}
        toolbar={toolbar}
        accepts={FULL_TOOLBAR}
        maxLength={POST_CONTENT_MAX}
        images={textImages}
      />
      <PhotosPicker
        files={files}
        onFilesChange={setFiles}
        kept={kept}
        onKeptChange={setKept}
        max={POST_IMAGES_MAX}
      />
      {cars?.length && !card && post?.carLog === undefined ? (
        <div className="post-form__select ui-flex ui-column ui-gap-1">
          <label htmlFor={ids.car} className="ui-field__label">
            {t('POSTS.CAR_LABEL')}
          </label>
          <select id={ids.car} value={carId} onChange={(e) => setCarId(e.target.value)}>
            <option value="">{t('POSTS.NO_CAR')}</option>
            {cars.map((car) => (
              <option key={car.id} value={car.id}>
                {[car.make, car.model].filter(Boolean).join(' ')}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="post-form__row ui-form-actions ui-flex ui-gap-3 ui-wrap ui-center">
        <Button
          variant="secondary"
          onClick={() => goBack({ previous: true, fallback: post ? `/post/${post.id}` : '/feed' })}
        >
          {t('POSTS.CANCEL')}
        </Button>
        <Button type="submit" busy={saving}>
          {t(post ? 'POSTS.SAVE' : 'POSTS.PUBLISH')}
        </Button>
      </div>
    </form>
  );
}

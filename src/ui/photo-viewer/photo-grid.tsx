// The photos of a post, a message or a chat line: each in a room reserved from its stored size
// (aspect-ratio from width and height) before its bytes arrive, each a button that opens the
// viewer on the whole set (swipe, arrows, keys; back closes it).
import { useMediaUrl } from '@/lib/offline/media';
import { useT } from '@/lib/i18n';
import { PhotoButton } from './photo-button';
import type { ViewerPhoto } from './photo-viewer';
import './photo-grid.css';

export interface GridPhoto {
  /** A media url (`/api/…` or `local:<blobId>` before it is sent). */
  url: string;
  width: number | null;
  height: number | null;
}

/** The room a photo takes before it loads: its own shape, else 4:3. */
export const photoRatio = (photo: Pick<GridPhoto, 'width' | 'height'>) =>
  photo.width && photo.height ? `${photo.width} / ${photo.height}` : '4 / 3';

function GridImage({ photo, alt }: { photo: GridPhoto; alt: string }) {
  const src = useMediaUrl(photo.url);
  return src ? (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={photo.width ?? undefined}
      height={photo.height ?? undefined}
    />
  ) : null;
}

export function PhotoGrid({
  photos,
  label,
  altOf,
  className,
}: {
  photos: GridPhoto[];
  /** The viewer's name (what the photos belong to). */
  label: string;
  /** Each photo's text alternative ("Photo 2 of the post"). */
  altOf: (index: number) => string;
  className?: string;
}) {
  const t = useT();
  if (photos.length === 0) return null;
  const set: ViewerPhoto[] = photos.map((photo, i) => ({ url: photo.url, alt: altOf(i) }));
  return (
    <ul
      className={['photo-grid', className].filter(Boolean).join(' ')}
      data-count={Math.min(photos.length, 3)}
    >
      {photos.map((photo, i) => (
        <li key={`${photo.url}-${i}`} className="photo-grid__item">
          <PhotoButton
            photos={set}
            index={i}
            label={label}
            name={t('PHOTO_VIEWER.OPEN', { name: altOf(i) })}
            className="photo-grid__button"
            style={{ aspectRatio: photoRatio(photo) }}
          >
            <GridImage photo={photo} alt={altOf(i)} />
          </PhotoButton>
        </li>
      ))}
    </ul>
  );
}

// A photo that opens the viewer: a real button around the thumbnail, named for what it opens.
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { LazyPhotoViewer } from './lazy-photo-viewer';
import type { ViewerPhoto } from './photo-viewer';
import './photo-grid.css';

export function PhotoButton({
  photos,
  index = 0,
  label,
  name,
  className,
  style,
  children,
}: {
  /** The set the viewer walks through. */
  photos: ViewerPhoto[];
  /** This photo's place in the set. */
  index?: number;
  /** The viewer's name (what the photos belong to). */
  label: string;
  /** The button's name ("Open photo 2 full screen"). */
  name: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={['photo-button', className].filter(Boolean).join(' ')}
        aria-label={name}
        aria-haspopup="dialog"
        style={style}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open ? (
        <LazyPhotoViewer
          photos={photos}
          startIndex={index}
          label={label}
          returnFocus={button}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

// The viewer loads when a photo is first opened, not with the thumbnails: the feed's first cards
// paint without it (its code and its styles are not needed until a tap).
import { lazy, Suspense } from 'react';
import type { PhotoViewerProps } from './photo-viewer';

const Viewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

/** PhotoViewer, fetched on its first opening (nothing shows meanwhile). */
export function LazyPhotoViewer(props: PhotoViewerProps) {
  return (
    <Suspense fallback={null}>
      <Viewer {...props} />
    </Suspense>
  );
}

// A full-screen viewer for a set of photos (a car's, a log's, a post's): zoom with a pinch, a
// double tap or click, the wheel, the +/− buttons or keys; swipe or the arrow keys to the next
// photo of the set; Escape closes. It is a modal dialog (focus kept in, given back on close) that
// announces "Photo 2 of 5". Photos are the app's media urls, read through the media cache.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { loadMedia } from '@/lib/offline/media';
import { useT } from '@/lib/i18n';
import { CloseIcon, StrokeIcon } from '../icons';
import { Modal } from '../modal';
import { Spinner } from '../spinner';
import { usePhotoSource } from './photo-source';
import {
  clampPan,
  distance,
  DOUBLE_TAP_SCALE,
  FIT,
  MAX_SCALE,
  MIN_SCALE,
  SCALE_STEP,
  swipeDirection,
  wheelFactor,
  zoomAt,
  type View,
} from './zoom';
import './photo-viewer.css';

export interface ViewerPhoto {
  /** A media url: `/api/…/media/<id>` or `local:<blobId>`. */
  url: string;
  /** What the photo shows, for screen readers ("Photo 2 of the log “Oil change”"). */
  alt: string;
}

export interface PhotoViewerProps {
  photos: ViewerPhoto[];
  /** The photo shown first. */
  startIndex?: number;
  /** The dialog's name: what the photos belong to. */
  label: string;
  onClose: () => void;
  /** Where focus goes on close when the opener is gone. */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Two taps closer than this (ms, px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 24;

type Point = { x: number; y: number };
type Gesture =
  | { kind: 'none' }
  | { kind: 'pan' | 'swipe'; start: Point; view: View; moved: boolean }
  | { kind: 'pinch'; distance: number; view: View };

const ChevronLeft = () => (
  <StrokeIcon>
    <path d="m15 18-6-6 6-6" />
  </StrokeIcon>
);
const ChevronRight = () => (
  <StrokeIcon>
    <path d="m9 18 6-6-6-6" />
  </StrokeIcon>
);
const ZoomInIcon = () => (
  <StrokeIcon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6M11 8v6" />
  </StrokeIcon>
);
const ZoomOutIcon = () => (
  <StrokeIcon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6" />
  </StrokeIcon>
);

export function PhotoViewer({ photos, startIndex = 0, label, onClose, returnFocus }: PhotoViewerProps) {
  const t = useT();
  const titleId = useId();
  const counterId = useId();
  const count = photos.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, startIndex), Math.max(0, count - 1)));
  const [view, setView] = useState<View>(FIT);
  const [dragX, setDragX] = useState(0);
  /** A finger or the mouse is moving the photo: no easing then. */
  const [gesturing, setGesturing] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ kind: 'none' });
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const lastTouchZoom = useRef(0);

  const photo = photos[index];
  const source = usePhotoSource(photo?.url ?? '');

  // The neighbours are read ahead, so a swipe shows the next photo at once (and offline later).
  useEffect(() => {
    for (const near of [photos[index + 1], photos[index - 1]]) {
      if (near) void loadMedia(near.url).catch(() => undefined);
    }
  }, [photos, index]);

  const go = useCallback(
    (step: -1 | 1) => {
      if (count < 2) return;
      setIndex((current) => (current + step + count) % count);
      setView(FIT);
      setDragX(0);
    },
    [count],
  );

  const stageBox = () => {
    const rect = stage.current?.getBoundingClientRect();
    return { left: rect?.left ?? 0, top: rect?.top ?? 0, width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };
  /** A client point, relative to the stage's centre. */
  const fromCentre = (clientX: number, clientY: number): Point => {
    const box = stageBox();
    return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 };
  };
  const settle = (next: View) => setView(clampPan(next, stageBox()));

  const zoomBy = (factor: number) =>
    setView((v) => clampPan(zoomAt(v, v.scale * factor, { x: 0, y: 0 }), stageBox()));

  const toggleZoom = (at: Point) => {
    setView((v) => (v.scale > MIN_SCALE ? FIT : clampPan(zoomAt(v, DOUBLE_TAP_SCALE, at), stageBox())));
  };

  // The wheel zooms; a passive React listener could not keep the page from scrolling.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const focus = {
        x: event.clientX - rect.left - rect.width / 2,
        y: event.clientY - rect.top - rect.height / 2,
      };
      setView((v) => clampPan(zoomAt(v, v.scale * wheelFactor(event.deltaY), focus), rect));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setGesturing(true);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      gesture.current = { kind: 'pinch', distance: Math.max(1, distance(a, b)), view };
      setDragX(0);
    } else if (a) {
      gesture.current = { kind: view.scale > MIN_SCALE ? 'pan' : 'swipe', start: a, view, moved: false };
    }
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const centre = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      settle(zoomAt(current.view, current.view.scale * (distance(a, b) / current.distance), centre));
    } else if (current.kind === 'pan' || current.kind === 'swipe') {
      const dx = event.clientX - current.start.x;
      const dy = event.clientY - current.start.y;
      if (Math.hypot(dx, dy) > 4) current.moved = true;
      if (current.kind === 'pan') settle({ ...current.view, x: current.view.x + dx, y: current.view.y + dy });
      else if (count > 1) setDragX(dx);
    }
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    const rest = [...pointers.current.values()][0];
    if (!rest) setGesturing(false);
    if (current.kind === 'pinch') {
      // One finger stays: it goes on moving the zoomed photo.
      gesture.current = rest ? { kind: 'pan', start: rest, view, moved: true } : { kind: 'none' };
      if (view.scale <= MIN_SCALE) setView(FIT);
      return;
    }
    gesture.current = { kind: 'none' };
    setDragX(0);
    if (current.kind === 'none' || event.type === 'pointercancel') return;
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (current.kind === 'swipe') {
      const direction = swipeDirection(dx, dy);
      if (direction) {
        go(direction);
        return;
      }
    }
    // A double tap on a touch screen (a mouse has its dblclick).
    if (event.pointerType !== 'mouse' && !current.moved) {
      const tap = { x: event.clientX, y: event.clientY };
      const before = lastTap.current;
      if (
        before &&
        event.timeStamp - before.at < DOUBLE_TAP_MS &&
        distance(before.point, tap) < DOUBLE_TAP_PX
      ) {
        lastTap.current = null;
        lastTouchZoom.current = event.timeStamp;
        toggleZoom(fromCentre(tap.x, tap.y));
      } else {
        lastTap.current = { at: event.timeStamp, point: tap };
      }
    }
  }

  function onDoubleClick(event: MouseEvent<HTMLDivElement>) {
    // Some browsers follow a double tap with a dblclick: the tap has zoomed already.
    if (lastTouchZoom.current && event.timeStamp - lastTouchZoom.current < DOUBLE_TAP_MS * 2) return;
    toggleZoom(fromCentre(event.clientX, event.clientY));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const handled = (() => {
      switch (event.key) {
        case 'ArrowLeft':
          go(-1);
          return count > 1;
        case 'ArrowRight':
          go(1);
          return count > 1;
        case '+':
        case '=':
          zoomBy(SCALE_STEP);
          return true;
        case '-':
          zoomBy(1 / SCALE_STEP);
          return true;
        case '0':
          setView(FIT);
          return true;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  }

  const zoomed = view.scale > MIN_SCALE;
  const percent = Math.round(view.scale * 100);
  const transform = `translate3d(${view.x + dragX}px, ${view.y}px, 0) scale(${view.scale})`;

  return (
    <Modal
      labelledBy={titleId}
      describedBy={counterId}
      onClose={onClose}
      returnFocus={returnFocus}
      className="photo-viewer"
    >
      <div className="photo-viewer__body" onKeyDown={onKeyDown}>
        <div className="photo-viewer__bar">
          <div className="photo-viewer__names">
            <h2 id={titleId} className="photo-viewer__title">
              {label}
            </h2>
            <p id={counterId} className="photo-viewer__counter" aria-live="polite" aria-atomic="true">
              {t('PHOTO_VIEWER.COUNTER', { n: index + 1, total: count })}
            </p>
          </div>
          <div className="photo-viewer__tools">
            <button
              type="button"
              className="photo-viewer__button"
              aria-label={t('PHOTO_VIEWER.ZOOM_OUT')}
              disabled={view.scale <= MIN_SCALE}
              onClick={() => zoomBy(1 / SCALE_STEP)}
            >
              <ZoomOutIcon />
            </button>
            <span className="photo-viewer__zoom" aria-live="polite">
              <span className="visually-hidden">{t('PHOTO_VIEWER.ZOOM_LEVEL', { percent })}</span>
              <span aria-hidden="true">{percent}%</span>
            </span>
            <button
              type="button"
              className="photo-viewer__button"
              aria-label={t('PHOTO_VIEWER.ZOOM_IN')}
              disabled={view.scale >= MAX_SCALE}
              onClick={() => zoomBy(SCALE_STEP)}
            >
              <ZoomInIcon />
            </button>
            <button
              type="button"
              className="photo-viewer__button"
              aria-label={t('PHOTO_VIEWER.CLOSE')}
              data-autofocus
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
        </div>
        <div
          ref={stage}
          className="photo-viewer__stage"
          data-zoomed={zoomed || undefined}
          data-testid="photo-viewer-stage"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onDoubleClick={onDoubleClick}
        >
          {source.src ? (
            <img
              key={photo?.url}
              src={source.src}
              alt={photo?.alt ?? ''}
              className="photo-viewer__img"
              draggable={false}
              style={{ transform, transition: gesturing ? 'none' : undefined }}
            />
          ) : source.failed ? (
            <p className="photo-viewer__missing" role="alert">
              {t('PHOTO_VIEWER.UNAVAILABLE')}
            </p>
          ) : (
            <Spinner label={t('PHOTO_VIEWER.LOADING')} />
          )}
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="photo-viewer__button photo-viewer__nav photo-viewer__nav--prev"
              aria-label={t('PHOTO_VIEWER.PREVIOUS')}
              onClick={() => go(-1)}
            >
              <ChevronLeft />
            </button>
            <button
              type="button"
              className="photo-viewer__button photo-viewer__nav photo-viewer__nav--next"
              aria-label={t('PHOTO_VIEWER.NEXT')}
              onClick={() => go(1)}
            >
              <ChevronRight />
            </button>
          </>
        ) : null}
      </div>
    </Modal>
  );
}

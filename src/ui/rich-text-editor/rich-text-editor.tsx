import { lazy, Suspense, useId, useMemo } from 'react';
import { formatNumber, useT } from '@/lib/i18n';
import { Skeleton } from '../skeleton';
import { TEXT_AREA_MAX_HEIGHT_PX, TEXT_AREA_MIN_HEIGHT_PX } from '../text-area';
import type { RichTextImages } from './rich-text-images';
import { richTextLength } from './rich-text-length';
import { FULL_TOOLBAR, type ToolbarConfig } from './toolbars';
import './rich-text-editor.css';

// The one door to Quill: a dynamic import, so Quill and its CSS land in a chunk of their own.
const QuillEditor = lazy(() => import('./quill-editor'));

/** Height of Quill's snow toolbar on one row (8 px padding around 24 px controls, 1 px borders). */
export const TOOLBAR_HEIGHT_PX = 42;
/** Default height of the writing area: a few lines, inside the spec's 35–300 px text-area range. */
export const DEFAULT_EDITOR_HEIGHT_PX = 120;

export interface RichTextEditorProps {
  label: string;
  /** Quill HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  /** Defaults to the spec's generic "Insert text here ...". */
  placeholder?: string;
  /** One of FULL_TOOLBAR (the default), DESKTOP_TOOLBAR, MOBILE_TOOLBAR, COMPACT_TOOLBAR (stable identity). */
  toolbar?: ToolbarConfig;
  /**
   * What the editor accepts, if more than its toolbar writes (a stable preset): content written
   * with a fuller toolbar keeps its media and tables when edited with a shorter one.
   */
  accepts?: ToolbarConfig;
  /** Characters of text (not HTML) allowed; past it the editor is marked invalid. */
  maxLength?: number;
  /** A message from the form's own validation; shown instead of the built-in "too long". */
  error?: string | undefined;
  description?: string;
  optional?: boolean;
  /** Height of the writing area in px, kept within the spec's 35–300. */
  height?: number;
  onBlur?: () => void;
  /** Uploads and shows images (posts: the toolbar's image button; keep the identity stable). */
  images?: RichTextImages;
}

export function clampEditorHeight(height: number): number {
  return Math.min(TEXT_AREA_MAX_HEIGHT_PX, Math.max(TEXT_AREA_MIN_HEIGHT_PX, Math.round(height)));
}

/** A labelled rich-text field (Quill, theme snow) whose editor loads on first use. */
export function RichTextEditor({
  label,
  value,
  onChange,
  placeholder,
  toolbar = FULL_TOOLBAR,
  accepts,
  maxLength,
  error,
  description,
  optional,
  height = DEFAULT_EDITOR_HEIGHT_PX,
  onBlur,
  images,
}: RichTextEditorProps) {
  const t = useT();
  const id = useId();
  const ids = { editor: `${id}-editor`, label: `${id}-label`, count: `${id}-count` };
  const length = useMemo(() => richTextLength(value), [value]);
  const over = maxLength !== undefined && length > maxLength;
  const message =
    error ??
    (over
      ? t('EDITOR.TOO_LONG', { max: formatNumber(maxLength), excess: formatNumber(length - maxLength) })
      : undefined);
  const describedBy =
    [message && `${id}-error`, description && `${id}-description`, maxLength !== undefined && ids.count]
      .filter(Boolean)
      .join(' ') || undefined;
  const editorHeight = clampEditorHeight(height);

  return (
    <div className="ui-field rte" data-invalid={message ? true : undefined}>
      {/* Not a <label>: the control is a contenteditable, named through aria-labelledby. */}
      <span
        className="ui-field__label"
        id={ids.label}
        onClick={() => document.getElementById(ids.editor)?.focus()}
      >
        {label}
        {optional ? <span className="ui-field__optional"> ({t('COMMON.OPTIONAL')})</span> : null}
      </span>
      <Suspense fallback={<EditorSkeleton height={editorHeight} label={t('EDITOR.LOADING')} />}>
        <QuillEditor
          id={ids.editor}
          value={value}
          onChange={onChange}
          placeholder={placeholder ?? t('EDITOR.PLACEHOLDER')}
          toolbar={toolbar}
          accepts={accepts ?? toolbar}
          labelledBy={ids.label}
          describedBy={describedBy}
          invalid={Boolean(message)}
          minHeight={editorHeight}
          onBlur={onBlur}
          images={images}
        />
      </Suspense>
      <div className="rte__footer">
        {message ? (
          <p className="ui-field__error" id={`${id}-error`}>
            {message}
          </p>
        ) : (
          <span />
        )}
        {maxLength !== undefined ? (
          <span className="rte__count" id={ids.count} data-over={over || undefined}>
            {t('EDITOR.COUNT', { count: formatNumber(length), max: formatNumber(maxLength) })}
          </span>
        ) : null}
      </div>
      {description ? (
        <p className="ui-field__description" id={`${id}-description`}>
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** The editor's footprint while Quill loads, so the form does not jump when it arrives. */
function EditorSkeleton({ height, label }: { height: number; label: string }) {
  return (
    <div className="rte__skeleton" role="status" aria-label={label} data-testid="rich-text-skeleton">
      <Skeleton height={TOOLBAR_HEIGHT_PX} />
      <Skeleton height={height} />
    </div>
  );
}

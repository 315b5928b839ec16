import { useId, useRef, type ReactNode } from 'react';
import { IMAGE_ACCEPT } from '@/lib/media/file-limits';
import { useObjectUrl } from '@/lib/offline/object-url';
import { Button } from './button';
import { FieldNotes } from './field';

/** What the picker says: its label, the hint under it and the words of its buttons (translated). */
export interface ImagePickerLabels {
  label: string;
  hint: string;
  /** The pick button when nothing is shown yet, and when an image is. */
  pick: string;
  replace: string;
  /** Takes the new pick back. */
  undoPick: string;
  /** Marks the current image for removal on save, and takes that back. */
  removeCurrent: string;
  keepCurrent: string;
}

export interface ImagePickerProps<Problem> {
  labels: ImagePickerLabels;
  /** The frame of the preview: a 4:3 rounded box (a car's photo) or a circle (an avatar). */
  shape: 'rect' | 'round';
  /** The current image, ready to show (an object or public url), or null while it has none or loads. */
  currentUrl: string | null | undefined;
  /** There is a current image (even while its url is still loading). */
  hasCurrent: boolean;
  /** A new image picked, to upload on save. */
  file: File | null;
  onPick: (file: File | null) => void;
  /** The current image is to be removed on save (shown as no image until then). */
  removed: boolean;
  onRemoveCurrent: (removed: boolean) => void;
  /** Why a picked file is refused (type, size), or undefined when it is taken. */
  check: (file: File) => Problem | undefined;
  error?: string | undefined;
  onError: (problem: Problem | undefined) => void;
  /** The preview of the image shown (url) or of none (null); by default an `<img>` or `placeholder`. */
  renderPreview?: (url: string | null) => ReactNode;
  previewAlt?: string;
  placeholder?: ReactNode;
}

/**
 * One image of a form (a car's photo, my avatar): a preview (the new pick, the current image, or
 * none), a file input (image/*), a way to take a pick back, and to remove or keep the current one.
 */
export function ImagePicker<Problem>({
  labels,
  shape,
  currentUrl,
  hasCurrent,
  file,
  onPick,
  removed,
  onRemoveCurrent,
  check,
  error,
  onError,
  renderPreview,
  previewAlt = '',
  placeholder,
}: ImagePickerProps<Problem>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const picked = useObjectUrl(file);
  const shown = (file ? picked : removed ? null : currentUrl) ?? null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function choose(files: FileList | null) {
    const next = files?.[0];
    if (input.current) input.current.value = ''; // picking the same file again still fires change
    if (!next) return;
    const problem = check(next);
    onError(problem);
    if (!problem) {
      onPick(next);
      onRemoveCurrent(false);
    }
  }

  return (
    <div className="ui-field ui-image-picker">
      <span className="ui-field__label">{labels.label}</span>
      <div className="ui-image-picker__body">
        <div className={`ui-image-picker__preview ui-image-picker__preview--${shape}`}>
          {renderPreview ? (
            renderPreview(shown)
          ) : shown ? (
            <img src={shown} alt={previewAlt} />
          ) : (
            <span className="ui-image-picker__placeholder" aria-hidden="true">
              {placeholder}
            </span>
          )}
        </div>
        <div className="ui-image-picker__actions">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : '', hintId].filter(Boolean).join(' ')}
            onChange={(event) => choose(event.target.files)}
          />
          {/* After the input: its focus ring shows on this label (input:focus-visible + label). */}
          <label
            className="ui-button ui-button--secondary ui-button--small ui-image-picker__pick"
            htmlFor={id}
          >
            {file || (hasCurrent && !removed) ? labels.replace : labels.pick}
          </label>
          {file ? (
            <Button variant="ghost" size="small" onClick={() => onPick(null)}>
              {labels.undoPick}
            </Button>
          ) : hasCurrent && !removed ? (
            <Button variant="ghost" size="small" onClick={() => onRemoveCurrent(true)}>
              {labels.removeCurrent}
            </Button>
          ) : hasCurrent && removed ? (
            <Button variant="ghost" size="small" onClick={() => onRemoveCurrent(false)}>
              {labels.keepCurrent}
            </Button>
          ) : null}
        </div>
      </div>
      <FieldNotes description={labels.hint} descriptionId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

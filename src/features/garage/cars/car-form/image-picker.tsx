import { useId, useRef } from 'react';
import { useMediaUrl } from '@/lib/offline/media';
import { formatBytes, IMAGE_ACCEPT, isImageFile, MAX_FILE_BYTES } from '@/lib/file-limits';
import { useT } from '@/lib/i18n';
import { Button, CarIcon } from '@/ui';
import type { FieldMessage } from './car-values';
import { useObjectUrl } from '@/lib/offline/object-url';

/** Why a picked file cannot be the car's photo, or undefined when it can. */
export function checkCarImage(file: File): FieldMessage | undefined {
  if (!isImageFile(file)) return { key: 'CARS.FORM_IMAGE_TYPE' };
  if (file.size > MAX_FILE_BYTES)
    return { key: 'CARS.FORM_IMAGE_TOO_LARGE', values: { max: formatBytes(MAX_FILE_BYTES) } };
  return undefined;
}

interface Props {
  /** The car's current photo (a server or `local:` url), shown until another is picked. */
  currentUrl: string | null;
  file: File | null;
  onPick: (file: File | null) => void;
  /** The current photo is to be removed on save (shown as no photo until then). */
  removed: boolean;
  onRemoveCurrent: (removed: boolean) => void;
  error?: string | undefined;
  onError: (message: FieldMessage | undefined) => void;
}

/** The car's photo: a preview, a file input (image/*, ≤ 10 MiB) and a way to take a new pick back. */
export function ImagePicker({ currentUrl, file, onPick, removed, onRemoveCurrent, error, onError }: Props) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const picked = useObjectUrl(file);
  const current = useMediaUrl(file || removed ? null : currentUrl);
  const preview = file ? picked : current;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function choose(files: FileList | null) {
    const next = files?.[0];
    if (input.current) input.current.value = ''; // picking the same file again still fires change
    if (!next) return;
    const problem = checkCarImage(next);
    onError(problem);
    if (!problem) {
      onPick(next);
      onRemoveCurrent(false);
    }
  }

  return (
    <div className="ui-field car-image">
      <span className="ui-field__label">{t('CARS.FORM_IMAGE')}</span>
      <div className="car-image__body">
        <div className="car-image__preview">
          {preview ? (
            <img src={preview} alt={t('CARS.FORM_IMAGE_PREVIEW')} />
          ) : (
            <span className="car-image__placeholder" aria-hidden="true">
              <CarIcon />
            </span>
          )}
        </div>
        <div className="car-image__actions">
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
          <label className="ui-button ui-button--secondary ui-button--small car-image__pick" htmlFor={id}>
            {t(file || (currentUrl && !removed) ? 'CARS.FORM_IMAGE_REPLACE' : 'CARS.FORM_IMAGE_PICK')}
          </label>
          {file ? (
            <Button variant="ghost" size="small" onClick={() => onPick(null)}>
              {t('CARS.FORM_IMAGE_REMOVE')}
            </Button>
          ) : currentUrl && !removed ? (
            <Button variant="ghost" size="small" onClick={() => onRemoveCurrent(true)}>
              {t('CARS.FORM_IMAGE_REMOVE_CURRENT')}
            </Button>
          ) : currentUrl && removed ? (
            <Button variant="ghost" size="small" onClick={() => onRemoveCurrent(false)}>
              {t('CARS.FORM_IMAGE_KEEP')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="ui-field__description" id={hintId}>
        {t('CARS.FORM_IMAGE_HINT', { max: formatBytes(MAX_FILE_BYTES) })}
      </p>
      {error ? (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// Several photos for a post (up to ten) or a message (up to four): previews with a remove button
// each, a counter, and an add button (several at once) that stops at the limit. The photos already
// sent (editing a post) come first and are removed the same way; nothing is sent from here.
import { useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT, MAX_FILE_BYTES, formatBytes, isImageFile } from '@/lib/media/file-limits';
import { useMediaUrl } from '@/lib/offline/media';
import { useObjectUrl } from '@/lib/offline/object-url';
import { useT } from '@/lib/i18n';
import { CloseIcon, ImageIcon } from './icons';

/** A photo the post already has: its media id and url. */
export interface KeptPhoto {
  id: string;
  url: string;
}

function Preview({
  src,
  alt,
  onRemove,
  removeLabel,
}: {
  src: string | undefined;
  alt: string;
  onRemove: () => void;
  removeLabel: string;
}) {
  return (
    <li className="photos-picker__item">
      {src ? <img src={src} alt={alt} /> : <span className="photos-picker__empty" aria-hidden="true" />}
      <button type="button" className="photos-picker__remove" aria-label={removeLabel} onClick={onRemove}>
        <CloseIcon />
      </button>
    </li>
  );
}

function KeptPreview(props: { photo: KeptPhoto; alt: string; onRemove: () => void; removeLabel: string }) {
  return <Preview {...props} src={useMediaUrl(props.photo.url)} />;
}

function FilePreview(props: { file: File; alt: string; onRemove: () => void; removeLabel: string }) {
  return <Preview {...props} src={useObjectUrl(props.file)} />;
}

export function PhotosPicker({
  files,
  onFilesChange,
  kept = [],
  onKeptChange,
  max,
  disabled = false,
}: {
  /** New photos, to send with the post or message. */
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Photos the post already has (editing), in their order. */
  kept?: KeptPhoto[];
  onKeptChange?: (kept: KeptPhoto[]) => void;
  /** How many the post or message may carry in all. */
  max: number;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<string | undefined>(undefined);
  const count = kept.length + files.length;
  const full = count >= max;

  function add(list: FileList | null) {
    const picked = [...(list ?? [])];
    if (input.current) input.current.value = ''; // the same photo may be picked again
    const notes: string[] = [];
    const taken: File[] = [];
    for (const file of picked) {
      if (!isImageFile(file)) notes.push(t('PHOTOS.NOT_IMAGE', { name: file.name }));
      else if (file.size > MAX_FILE_BYTES)
        notes.push(t('PHOTOS.TOO_LARGE', { name: file.name, size: formatBytes(MAX_FILE_BYTES) }));
      else taken.push(file);
    }
    const room = Math.max(0, max - count);
    if (taken.length > room) notes.push(t('PHOTOS.TOO_MANY', { max }));
    setNote(notes.length ? notes.join(' ') : undefined);
    if (room > 0 && taken.length > 0) onFilesChange([...files, ...taken.slice(0, room)]);
  }

  return (
    <div className="photos-picker ui-flex ui-column ui-gap-2">
      {count > 0 ? (
        <ul className="photos-picker__list" aria-label={t('PHOTOS.LABEL')}>
          {kept.map((photo, i) => (
            <KeptPreview
              key={photo.id}
              photo={photo}
              alt={t('PHOTOS.PREVIEW_ALT', { n: i + 1 })}
              removeLabel={t('PHOTOS.REMOVE', { n: i + 1 })}
              onRemove={() => onKeptChange?.(kept.filter((k) => k.id !== photo.id))}
            />
          ))}
          {files.map((file, i) => (
            <FilePreview
              // A File has no id: its place and name tell the previews apart.
              key={`${i}-${file.name}-${file.size}`}
              file={file}
              alt={t('PHOTOS.PREVIEW_ALT', { n: kept.length + i + 1 })}
              removeLabel={t('PHOTOS.REMOVE', { n: kept.length + i + 1 })}
              onRemove={() => onFilesChange(files.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      ) : null}
      <div className="photos-picker__row ui-flex ui-gap-3 ui-center ui-wrap">
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          className="visually-hidden"
          disabled={disabled || full}
          onChange={(event) => add(event.target.files)}
        />
        <label
          htmlFor={id}
          className="ui-button ui-button--secondary ui-button--small"
          aria-disabled={disabled || full ? true : undefined}
        >
          <ImageIcon />
          {t('PHOTOS.ADD')}
        </label>
        <span className="photos-picker__counter" aria-live="polite">
          {t('PHOTOS.COUNTER', { count, max })}
        </span>
      </div>
      {note ? (
        <p className="photos-picker__note" role="alert">
          {note}
        </p>
      ) : null}
    </div>
  );
}

import { useId, useRef } from 'react';
import type { CarLogMedia } from '@/contract/garage';
import { useObjectUrl } from '@/lib/offline/object-url';
import {
  ATTACHMENT_ACCEPT,
  formatBytes,
  isAttachmentFile,
  isPdfFile,
  MAX_FILE_BYTES,
  MAX_FILES_PER_LOG,
} from '@/lib/media/file-limits';
import { FileIcon } from '@/ui/file-icon';
import { useMediaUrl } from '@/lib/offline/media';
import { useT } from '@/lib/i18n';
import { CloseIcon } from '@/ui';
import type { FieldMessage } from './log-values';

/**
 * The files that may join the log: images and PDFs of at most 10 MiB, no more than 10 per log
 * counting the ones it keeps. Returns what fits and why the rest did not.
 */
export function acceptFiles(
  picked: File[],
  alreadyThere: number,
): { accepted: File[]; problems: FieldMessage[] } {
  const accepted: File[] = [];
  const problems: FieldMessage[] = [];
  let refusedForCount = 0;
  for (const file of picked) {
    if (!isAttachmentFile(file))
      problems.push({ key: 'CAR_LOGS.FORM_FILE_TYPE', values: { name: file.name } });
    else if (file.size > MAX_FILE_BYTES) {
      problems.push({
        key: 'CAR_LOGS.FORM_FILE_TOO_LARGE',
        values: { name: file.name, max: formatBytes(MAX_FILE_BYTES) },
      });
    } else if (alreadyThere + accepted.length >= MAX_FILES_PER_LOG) refusedForCount += 1;
    else accepted.push(file);
  }
  if (refusedForCount) {
    problems.push({
      key: 'CAR_LOGS.FORM_TOO_MANY_FILES',
      values: { max: MAX_FILES_PER_LOG, count: refusedForCount },
    });
  }
  return { accepted, problems };
}

interface Props {
  existing: CarLogMedia[];
  removed: ReadonlySet<string>;
  onToggleRemove: (mediaId: string) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  problems: FieldMessage[];
  onProblems: (problems: FieldMessage[]) => void;
}

/** Photos and PDF receipts: the log's own (with a remove toggle) and the new ones (with previews). */
export function Attachments({
  existing,
  removed,
  onToggleRemove,
  files,
  onFiles,
  problems,
  onProblems,
}: Props) {
  const t = useT();
  const id = useId();
  const kept = existing.filter((m) => !removed.has(m.id)).length;
  const count = kept + files.length;
  const full = count >= MAX_FILES_PER_LOG;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [problems.length ? errorId : '', hintId].filter(Boolean).join(' ');

  function add(list: FileList | null, input: HTMLInputElement | null) {
    const picked = [...(list ?? [])];
    if (input) input.value = ''; // the same file picked again still fires change
    if (!picked.length) return;
    const { accepted, problems: found } = acceptFiles(picked, count);
    onProblems(found);
    if (accepted.length) onFiles([...files, ...accepted]);
  }

  const pick = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);

  return (
    <fieldset className="attachments" aria-describedby={describedBy}>
      <legend className="ui-field__label">{t('CAR_LOGS.FORM_FILES')}</legend>
      {existing.length + files.length > 0 ? (
        <ul className="attachments__list">
          {existing.map((media, i) => (
            <ExistingItem
              key={media.id}
              media={media}
              index={i + 1}
              removed={removed.has(media.id)}
              onToggle={() => {
                // Keeping a file back counts again: refuse when that would pass the limit.
                if (removed.has(media.id) && full) {
                  onProblems([
                    { key: 'CAR_LOGS.FORM_TOO_MANY_FILES', values: { max: MAX_FILES_PER_LOG, count: 1 } },
                  ]);
                  return;
                }
                onProblems([]);
                onToggleRemove(media.id);
              }}
            />
          ))}
          {files.map((file, i) => (
            <NewItem
              key={`${file.name}-${file.size}-${i}`}
              file={file}
              onRemove={() => {
                onProblems([]);
                onFiles(files.filter((f) => f !== file));
              }}
            />
          ))}
        </ul>
      ) : null}
      <div className="attachments__actions ui-flex ui-wrap ui-gap-2">
        <input
          ref={pick}
          id={`${id}-pick`}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          multiple
          className="visually-hidden"
          disabled={full}
          aria-describedby={describedBy}
          onChange={(event) => add(event.target.files, pick.current)}
        />
        <label
          className="ui-button ui-button--secondary ui-button--small attachments__pick"
          htmlFor={`${id}-pick`}
          aria-disabled={full || undefined}
        >
          {t('CAR_LOGS.FORM_FILES_ADD')}
        </label>
        {/* On phones: straight to the camera, for the receipt in hand. */}
        <input
          ref={camera}
          id={`${id}-camera`}
          type="file"
          accept="image/*"
          capture="environment"
          className="visually-hidden attachments__camera-input"
          disabled={full}
          aria-describedby={describedBy}
          onChange={(event) => add(event.target.files, camera.current)}
        />
        <label
          className="ui-button ui-button--ghost ui-button--small attachments__pick attachments__camera"
          htmlFor={`${id}-camera`}
          aria-disabled={full || undefined}
        >
          {t('CAR_LOGS.FORM_FILES_CAMERA')}
        </label>
      </div>
      <p className="ui-field__description" id={hintId}>
        {t('CAR_LOGS.FORM_FILES_HINT', { count, max: MAX_FILES_PER_LOG, size: formatBytes(MAX_FILE_BYTES) })}
      </p>
      {problems.length ? (
        <div className="ui-field__error" id={errorId} role="alert">
          {problems.map((p, i) => (
            <p key={i}>{t(p.key, p.values)}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

function ExistingItem({
  media,
  index,
  removed,
  onToggle,
}: {
  media: CarLogMedia;
  index: number;
  removed: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const isPdf = media.kind === 'pdf';
  const name = t(isPdf ? 'CAR_LOGS.FORM_MEDIA_PDF' : 'CAR_LOGS.FORM_MEDIA_IMAGE', { n: index });
  const url = useMediaUrl(isPdf ? null : media.url);
  return (
    <li className="attachments__item" data-removed={removed || undefined}>
      {isPdf ? (
        <span className="attachments__pdf ui-flex ui-column ui-center ui-gap-1">
          <FileIcon />
          <span className="attachments__name">{name}</span>
        </span>
      ) : (
        <span className="attachments__thumb">
          {url ? <img src={url} alt={name} /> : <span className="attachments__thumb-empty">{name}</span>}
        </span>
      )}
      {removed ? <span className="attachments__note">{t('CAR_LOGS.FORM_MEDIA_WILL_GO')}</span> : null}
      <button
        type="button"
        className="attachments__toggle"
        aria-pressed={removed}
        aria-label={t('CAR_LOGS.FORM_MEDIA_REMOVE', { name })}
        onClick={onToggle}
      >
        {removed ? t('CAR_LOGS.FORM_MEDIA_KEEP') : <CloseIcon />}
      </button>
    </li>
  );
}

function NewItem({ file, onRemove }: { file: File; onRemove: () => void }) {
  const t = useT();
  const pdf = isPdfFile(file);
  const url = useObjectUrl(pdf ? null : file);
  return (
    <li className="attachments__item attachments__item--new">
      {pdf ? (
        <span className="attachments__pdf ui-flex ui-column ui-center ui-gap-1">
          <FileIcon />
          <span className="attachments__name">{file.name}</span>
          <span className="attachments__size">{formatBytes(file.size)}</span>
        </span>
      ) : (
        <span className="attachments__thumb">{url ? <img src={url} alt={file.name} /> : null}</span>
      )}
      <button
        type="button"
        className="attachments__toggle"
        aria-label={t('CAR_LOGS.FORM_FILE_REMOVE', { name: file.name })}
        onClick={onRemove}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

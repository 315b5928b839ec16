import { useId, useRef } from 'react';
import type { CurrentUser } from '@/contract/user';
import { formatBytes, IMAGE_ACCEPT, isImageFile, MAX_FILE_BYTES } from '@/lib/file-limits';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui';
import { Avatar } from '../components/avatar';
import { useObjectUrl } from '@/lib/offline/object-url';
import type { FieldMessage } from './profile-values';

/** Why a picked file cannot be my avatar (the server's rules: an image, at most 10 MiB). */
export function checkAvatar(file: File): FieldMessage | undefined {
  if (!isImageFile(file)) return { key: 'PROFILE.AVATAR_TYPE' };
  if (file.size > MAX_FILE_BYTES)
    return { key: 'PROFILE.AVATAR_TOO_LARGE', values: { max: formatBytes(MAX_FILE_BYTES) } };
  return undefined;
}

interface Props {
  user: CurrentUser;
  /** A new picture picked, to upload on save. */
  file: File | null;
  onPick: (file: File | null) => void;
  /** The current picture is to be removed on save. */
  removed: boolean;
  onRemove: (removed: boolean) => void;
  error?: string | undefined;
  onError: (message: FieldMessage | undefined) => void;
}

/** My picture: a preview (the new pick, the current one, or my initial), pick, remove, undo. */
export function AvatarPicker({ user, file, onPick, removed, onRemove, error, onError }: Props) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const picked = useObjectUrl(file);
  const shown = file ? (picked ?? null) : removed ? null : user.avatar;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function choose(files: FileList | null) {
    const next = files?.[0];
    if (input.current) input.current.value = ''; // picking the same file again still fires change
    if (!next) return;
    const problem = checkAvatar(next);
    onError(problem);
    if (!problem) {
      onPick(next);
      onRemove(false);
    }
  }

  return (
    <div className="ui-field people-avatar-picker">
      <span className="ui-field__label" id={`${id}-label`}>
        {t('PROFILE.AVATAR')}
      </span>
      <div className="people-avatar-picker__body">
        <span role="img" aria-label={t(shown ? 'PROFILE.AVATAR_PREVIEW' : 'PROFILE.AVATAR_NONE')}>
          <Avatar person={{ ...user, avatar: shown }} size={256} display="large" />
        </span>
        <div className="people-avatar-picker__actions">
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
          <label className="ui-button ui-button--secondary ui-button--small" htmlFor={id}>
            {t(file || (user.avatar && !removed) ? 'PROFILE.AVATAR_REPLACE' : 'PROFILE.AVATAR_PICK')}
          </label>
          {file ? (
            <Button variant="ghost" size="small" onClick={() => onPick(null)}>
              {t('PROFILE.AVATAR_UNDO_PICK')}
            </Button>
          ) : user.avatar && !removed ? (
            <Button variant="ghost" size="small" onClick={() => onRemove(true)}>
              {t('PROFILE.AVATAR_REMOVE')}
            </Button>
          ) : user.avatar && removed ? (
            <Button variant="ghost" size="small" onClick={() => onRemove(false)}>
              {t('PROFILE.AVATAR_KEEP')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="ui-field__description" id={hintId}>
        {t('PROFILE.AVATAR_HINT', { max: formatBytes(MAX_FILE_BYTES) })}
      </p>
      {error ? (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

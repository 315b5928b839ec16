import type { CurrentUser } from '@/contract/user';
import { formatBytes, isImageFile, MAX_FILE_BYTES } from '@/lib/media/file-limits';
import { useT } from '@/lib/i18n';
import { ImagePicker } from '@/ui';
import { Avatar } from '@/ui/avatar';
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

/** My picture: the design system's image picker in a round frame, my initial when there is none. */
export function AvatarPicker({ user, onRemove, ...rest }: Props) {
  const t = useT();
  return (
    <ImagePicker
      {...rest}
      shape="round"
      currentUrl={user.avatar}
      hasCurrent={Boolean(user.avatar)}
      onRemoveCurrent={onRemove}
      check={checkAvatar}
      renderPreview={(shown) => (
        <span role="img" aria-label={t(shown ? 'PROFILE.AVATAR_PREVIEW' : 'PROFILE.AVATAR_NONE')}>
          <Avatar person={{ ...user, avatar: shown }} size={256} display="large" />
        </span>
      )}
      labels={{
        label: t('PROFILE.AVATAR'),
        hint: t('PROFILE.AVATAR_HINT', { max: formatBytes(MAX_FILE_BYTES) }),
        pick: t('PROFILE.AVATAR_PICK'),
        replace: t('PROFILE.AVATAR_REPLACE'),
        undoPick: t('PROFILE.AVATAR_UNDO_PICK'),
        removeCurrent: t('PROFILE.AVATAR_REMOVE'),
        keepCurrent: t('PROFILE.AVATAR_KEEP'),
      }}
    />
  );
}

import { useMediaUrl } from '@/lib/offline/media';
import { formatBytes, isImageFile, MAX_FILE_BYTES } from '@/lib/media/file-limits';
import { useT } from '@/lib/i18n';
import { CarIcon, ImagePicker as UiImagePicker } from '@/ui';
import type { FieldMessage } from './car-values';

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

/** The car's photo: the design system's image picker in a 4:3 frame (image/*, ≤ 10 MiB). */
export function ImagePicker({ currentUrl, file, removed, ...rest }: Props) {
  const t = useT();
  const current = useMediaUrl(file || removed ? null : currentUrl);
  return (
    <UiImagePicker
      {...rest}
      shape="rect"
      file={file}
      removed={removed}
      currentUrl={current}
      hasCurrent={Boolean(currentUrl)}
      check={checkCarImage}
      previewAlt={t('CARS.FORM_IMAGE_PREVIEW')}
      placeholder={<CarIcon />}
      labels={{
        label: t('CARS.FORM_IMAGE'),
        hint: t('CARS.FORM_IMAGE_HINT', { max: formatBytes(MAX_FILE_BYTES) }),
        pick: t('CARS.FORM_IMAGE_PICK'),
        replace: t('CARS.FORM_IMAGE_REPLACE'),
        undoPick: t('CARS.FORM_IMAGE_REMOVE'),
        removeCurrent: t('CARS.FORM_IMAGE_REMOVE_CURRENT'),
        keepCurrent: t('CARS.FORM_IMAGE_KEEP'),
      }}
    />
  );
}

import { useMediaUrl } from '@/lib/offline/media';
import { formatDate, useT } from '@/lib/i18n';
import { Button } from '@/ui';
import type { FileItem } from '../api/get-files';
import { formatBytes } from '@/lib/media/file-limits';
import { FileIcon } from '@/ui/file-icon';
import { FileUses } from './file-uses';

export function FileRow({
  file,
  onDelete,
  canDelete,
}: {
  file: FileItem;
  onDelete: () => void;
  canDelete: boolean;
}) {
  const t = useT();
  const thumb = useMediaUrl(file.kind === 'image' ? file.url : null);
  return (
    <li className="files-row ui-row">
      <span className="files-row__thumb" aria-hidden="true">
        {file.kind === 'image' && thumb ? <img src={thumb} alt="" /> : <FileIcon />}
      </span>
      <span className="files-row__main">
        <span className="files-row__name">{file.name}</span>
        <span className="files-row__meta">
          {t(file.kind === 'pdf' ? 'FILES.KIND_PDF' : 'FILES.KIND_IMAGE')} · {formatBytes(file.size)} ·{' '}
          <time dateTime={file.createdAt}>{formatDate(file.createdAt, { dateStyle: 'medium' })}</time>
        </span>
        <FileUses uses={file.usedBy} />
      </span>
      <Button
        variant="ghost"
        size="small"
        className="files-row__delete"
        disabled={!canDelete}
        aria-label={t('FILES.DELETE_NAMED', { name: file.name })}
        onClick={onDelete}
      >
        {t('FILES.DELETE')}
      </Button>
    </li>
  );
}

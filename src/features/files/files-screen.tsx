import { useState } from 'react';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { Alert, Button, CloudOffIcon, EmptyState, Page, PullToRefresh, SkeletonRows } from '@/ui';
import { useDeleteFile } from './api/delete-file';
import { useFiles, type FileItem } from './api/get-files';
import { ConfirmDialog } from '@/ui';
import { FileIcon } from '@/ui/file-icon';
import { FileRow } from './components/file-row';
import { QuotaCard } from './components/quota-card';
import { useDeviceStorage } from './use-device-storage';
import './files.css';

/** Spec §9: skeleton rows while a list loads. */
const SKELETON_ROWS = 5;

/** My uploaded photos and receipts: where each is used, my quota, and a way to free space. */
export function FilesScreen() {
  const t = useT();
  const online = useOnline();
  const files = useFiles();
  const device = useDeviceStorage();
  const remove = useDeleteFile();
  const [asking, setAsking] = useState<FileItem | null>(null);

  // The list lives on the server only: offline, nothing to show but why (and this device's storage).
  const needsConnection = !files.data && (!online || isNetworkError(files.error));

  async function confirmDelete(file: FileItem) {
    try {
      await remove.mutateAsync(file);
      toast.show({ kind: 'success', message: t('FILES.DELETED', { name: file.name }) });
    } catch (error) {
      toast.show({
        kind: 'error',
        message: t(isNetworkError(error) ? 'FILES.DELETE_OFFLINE' : 'FILES.DELETE_FAILED', {
          name: file.name,
        }),
      });
    } finally {
      setAsking(null);
    }
  }

  return (
    <Page title={t('FILES.TITLE')}>
      <PullToRefresh onRefresh={() => files.refetch()}>
        <div className="files">
          <QuotaCard
            totalBytes={files.data?.totalBytes}
            quotaBytes={files.data?.quotaBytes}
            device={device}
          />
          {needsConnection ? (
            <EmptyState
              icon={<CloudOffIcon />}
              title={t('FILES.NEEDS_CONNECTION')}
              text={t('FILES.NEEDS_CONNECTION_TEXT')}
              action={
                <Button variant="secondary" onClick={() => void files.refetch()} disabled={!online}>
                  {t('FILES.RETRY')}
                </Button>
              }
            />
          ) : files.isPending ? (
            <SkeletonRows count={SKELETON_ROWS} label={t('FILES.LOADING')} />
          ) : files.isError ? (
            <div className="files__error ui-flex ui-column ui-start ui-gap-3">
              <Alert kind="error">{t('FILES.LOAD_FAILED')}</Alert>
              <Button variant="secondary" onClick={() => void files.refetch()}>
                {t('FILES.RETRY')}
              </Button>
            </div>
          ) : files.data.items.length === 0 ? (
            <EmptyState icon={<FileIcon />} title={t('FILES.EMPTY')} text={t('FILES.EMPTY_TEXT')} />
          ) : (
            <>
              {!online ? <Alert kind="info">{t('FILES.OFFLINE_STALE')}</Alert> : null}
              <ul className="files__list ui-row-list" aria-label={t('FILES.LIST')}>
                {files.data.items.map((file) => (
                  <FileRow key={file.id} file={file} canDelete={online} onDelete={() => setAsking(file)} />
                ))}
              </ul>
            </>
          )}
        </div>
      </PullToRefresh>
      {asking ? (
        <ConfirmDialog
          title={t('FILES.DELETE_TITLE')}
          message={t(asking.usedBy.length ? 'FILES.DELETE_TEXT_USED' : 'FILES.DELETE_TEXT', {
            name: asking.name,
            count: asking.usedBy.length,
          })}
          confirmLabel={t('FILES.DELETE_CONFIRM')}
          cancelLabel={t('FILES.DELETE_CANCEL')}
          busy={remove.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() => void confirmDelete(asking)}
        />
      ) : null}
    </Page>
  );
}

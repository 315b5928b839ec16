// The papers attached to a car (registration certificate, insurance card, inspection report:
// photos or PDFs). Read from the mirror, refreshed while shown; adding or removing one is kept on
// this device first and sent through the outbox (docs/OFFLINE-FIRST.md), the file shown from the
// device until it is uploaded, the paper marked pending or refused meanwhile.
import { useRef, useState, type FormEvent } from 'react';
import { CAR_PAPER_KINDS, type CarPaper, type CarPaperKind } from '@/contract/car-papers';
import {
  addCarPaper,
  carPermissions,
  deleteCarPaper,
  PAPER_KIND_LABELS,
  SelectField,
  SyncBadge,
  useCarPapers,
  useCarPapersRefresh,
  type LocalCar,
} from '@/features/garage';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/format';
import { ATTACHMENT_ACCEPT, formatBytes, isAttachmentFile, MAX_FILE_BYTES } from '@/lib/media/file-limits';
import { isOnline } from '@/lib/network/online';
import { StorageFullError } from '@/lib/offline/storage-full';
import { toast } from '@/lib/toast';
import { Alert, Button, ConfirmDialog, SkeletonRows, TrashIcon } from '@/ui';
import { FileIcon } from '@/ui/file-icon';
import { openMediaFile } from '@/ui/photo-viewer';

/** What a write says when kept: sent at once, or on this device until the connection is back. */
const keptKey = (onlineKey: string) => (isOnline() ? onlineKey : 'CAR_PAPERS.SAVED_OFFLINE');

export function CarPapersList({ car }: { car: LocalCar }) {
  const t = useT();
  const papers = useCarPapers(car.id);
  const { error } = useCarPapersRefresh(car.id);
  const { ownCar } = carPermissions(car);
  const [deleting, setDeleting] = useState<CarPaper | null>(null);
  const [removing, setRemoving] = useState(false);
  const list = papers?.known ? papers.rows : undefined;

  async function remove(paper: CarPaper) {
    setRemoving(true);
    try {
      const key = keptKey('CAR_PAPERS.DELETED');
      await deleteCarPaper(car.id, paper.id);
      toast.show({ kind: 'success', message: t(key) });
    } catch (caught) {
      toast.show({
        kind: 'error',
        message: t(caught instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'CAR_PAPERS.DELETE_FAILED'),
      });
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  }

  return (
    <section
      className="car-papers-list"
      aria-labelledby={`papers-list-${car.id}`}
      data-testid="car-papers-list"
    >
      <h2 id={`papers-list-${car.id}`} className="car-papers-list__title">
        {t('CAR_PAPERS.LIST_TITLE')}
      </h2>
      {list === undefined ? (
        papers && error ? (
          <p className="car-papers__hint" role="status">
            {t(isNetworkError(error) ? 'CAR_PAPERS.LIST_OFFLINE' : 'CAR_PAPERS.LIST_FAILED')}
          </p>
        ) : (
          <SkeletonRows count={2} label={t('CAR_PAPERS.LIST_LOADING')} />
        )
      ) : list.length === 0 ? (
        <p className="car-papers__hint">{t('CAR_PAPERS.LIST_EMPTY')}</p>
      ) : (
        <ul className="car-papers-list__items">
          {list.map((paper) => (
            <li key={paper.id} className="car-papers-list__item" data-testid="car-paper-row">
              <button
                type="button"
                className="car-papers-list__open"
                onClick={() => {
                  void openMediaFile(paper.url).then((opened) => {
                    if (!opened) toast.show({ kind: 'error', message: t('CAR_PAPERS.OPEN_UNAVAILABLE') });
                  });
                }}
              >
                <FileIcon />
                <span className="car-papers-list__name">
                  {t(PAPER_KIND_LABELS[paper.kind] ?? 'CAR_PAPERS.KIND_OTHER')}
                </span>
                <span className="car-papers-list__date">{formatDay(paper.createdAt.slice(0, 10))}</span>
              </button>
              <SyncBadge state={paper.syncState} />
              {ownCar ? (
                <Button
                  variant="ghost"
                  size="small"
                  className="ui-button--icon"
                  icon={<TrashIcon />}
                  aria-label={t('CAR_PAPERS.DELETE_LABEL', {
                    kind: t(PAPER_KIND_LABELS[paper.kind] ?? 'CAR_PAPERS.KIND_OTHER'),
                  })}
                  onClick={() => setDeleting(paper)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list !== undefined && error ? (
        <p className="car-papers__hint" role="status">
          {t('CAR_PAPERS.LIST_KEPT')}
        </p>
      ) : null}
      {ownCar ? <AddPaper carId={car.id} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('CAR_PAPERS.DELETE_TITLE')}
          message={<p>{t('CAR_PAPERS.DELETE_TEXT')}</p>}
          confirmLabel={t('CAR_PAPERS.DELETE')}
          cancelLabel={t('CARS.CANCEL')}
          busy={removing}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      ) : null}
    </section>
  );
}

function AddPaper({ carId }: { carId: string }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<CarPaperKind>('registration');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  function pick(picked: File | undefined) {
    setProblem(null);
    if (!picked) return setFile(null);
    if (!isAttachmentFile(picked)) {
      setFile(null);
      return setProblem(t('CAR_PAPERS.FILE_TYPE'));
    }
    if (picked.size > MAX_FILE_BYTES) {
      setFile(null);
      return setProblem(t('CAR_PAPERS.FILE_TOO_BIG', { max: formatBytes(MAX_FILE_BYTES) }));
    }
    setFile(picked);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || adding) return;
    setAdding(true);
    try {
      const key = keptKey('CAR_PAPERS.ADDED');
      await addCarPaper(carId, kind, file);
      toast.show({ kind: 'success', message: t(key) });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (caught) {
      setProblem(t(caught instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'CAR_PAPERS.ADD_FAILED'));
    } finally {
      setAdding(false);
    }
  }

  return (
    <form className="car-papers-list__add" onSubmit={(e) => void submit(e)}>
      <SelectField
        label={t('CAR_PAPERS.KIND')}
        value={kind}
        onChange={(e) => setKind(e.target.value as CarPaperKind)}
        options={CAR_PAPER_KINDS.map((value) => ({ value, label: t(PAPER_KIND_LABELS[value]) }))}
      />
      <label className="ui-field">
        <span className="ui-field__label">{t('CAR_PAPERS.FILE')}</span>
        <input
          ref={input}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className="ui-input"
          onChange={(e) => pick(e.target.files?.[0])}
        />
      </label>
      <Button type="submit" variant="secondary" disabled={!file || adding}>
        {t(adding ? 'CAR_PAPERS.ADDING' : 'CAR_PAPERS.ADD')}
      </Button>
      {problem ? <Alert kind="error">{problem}</Alert> : null}
    </form>
  );
}

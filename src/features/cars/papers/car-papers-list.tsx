// The papers attached to a car (registration certificate, insurance card, inspection report:
// photos or PDFs). The list is kept on the device and shows offline; adding or removing one is
// sent at once, so it needs a connection (the outbox carries a car's and a log's files only).
import { useRef, useState, type FormEvent } from 'react';
import { carPermissions, SelectField, type LocalCar } from '@/features/garage';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/format';
import { ATTACHMENT_ACCEPT, formatBytes, isAttachmentFile, MAX_FILE_BYTES } from '@/lib/media/file-limits';
import { useReachability } from '@/lib/network/reachability';
import { toast } from '@/lib/toast';
import { Alert, Button, ConfirmDialog, SkeletonRows, TrashIcon } from '@/ui';
import { FileIcon } from '@/ui/file-icon';
import { openMediaFile } from '@/ui/photo-viewer';
import {
  CAR_PAPER_KINDS,
  useAddCarPaper,
  useCarPapers,
  useDeleteCarPaper,
  type CarPaper,
  type CarPaperKind,
} from '../api/car-papers';

export const PAPER_KIND_KEYS: Record<CarPaperKind, string> = {
  registration: 'CAR_PAPERS.KIND_REGISTRATION',
  insurance: 'CAR_PAPERS.KIND_INSURANCE',
  inspection: 'CAR_PAPERS.KIND_INSPECTION',
  other: 'CAR_PAPERS.KIND_OTHER',
};

export function CarPapersList({ car }: { car: LocalCar }) {
  const t = useT();
  const papers = useCarPapers(car.id);
  // Sent at once: only while the server answers (not merely while a network is there).
  const online = useReachability() === 'online';
  const { ownCar } = carPermissions(car);
  const [deleting, setDeleting] = useState<CarPaper | null>(null);
  const remove = useDeleteCarPaper(car.id);
  const list = papers.data;

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
        papers.isError ? (
          <p className="car-papers__hint" role="status">
            {t(isNetworkError(papers.error) ? 'CAR_PAPERS.LIST_OFFLINE' : 'CAR_PAPERS.LIST_FAILED')}
          </p>
        ) : (
          <SkeletonRows count={2} label={t('CAR_PAPERS.LIST_LOADING')} />
        )
      ) : list.length === 0 ? (
        <p className="car-papers__hint">{t('CAR_PAPERS.LIST_EMPTY')}</p>
      ) : (
        <ul className="car-papers-list__items">
          {list.map((paper) => (
            <li key={paper.id} className="car-papers-list__item">
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
                  {t(PAPER_KIND_KEYS[paper.kind] ?? 'CAR_PAPERS.KIND_OTHER')}
                </span>
                <span className="car-papers-list__date">{formatDay(paper.createdAt.slice(0, 10))}</span>
              </button>
              {ownCar ? (
                <Button
                  variant="ghost"
                  size="small"
                  className="ui-button--icon"
                  icon={<TrashIcon />}
                  aria-label={t('CAR_PAPERS.DELETE_LABEL', {
                    kind: t(PAPER_KIND_KEYS[paper.kind] ?? 'CAR_PAPERS.KIND_OTHER'),
                  })}
                  disabled={!online}
                  onClick={() => setDeleting(paper)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list !== undefined && papers.isError ? (
        <p className="car-papers__hint" role="status">
          {t('CAR_PAPERS.LIST_KEPT')}
        </p>
      ) : null}
      {ownCar ? <AddPaper carId={car.id} online={online} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('CAR_PAPERS.DELETE_TITLE')}
          message={<p>{t('CAR_PAPERS.DELETE_TEXT')}</p>}
          confirmLabel={t('CAR_PAPERS.DELETE')}
          cancelLabel={t('CARS.CANCEL')}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast.show({ kind: 'success', message: t('CAR_PAPERS.DELETED') }),
              onError: (error) =>
                toast.show({
                  kind: 'error',
                  message: t(
                    isNetworkError(error) ? 'CAR_PAPERS.NEEDS_CONNECTION' : 'CAR_PAPERS.DELETE_FAILED',
                  ),
                }),
              onSettled: () => setDeleting(null),
            })
          }
        />
      ) : null}
    </section>
  );
}

function AddPaper({ carId, online }: { carId: string; online: boolean }) {
  const t = useT();
  const add = useAddCarPaper(carId);
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<CarPaperKind>('registration');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

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

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || add.isPending) return;
    add.mutate(
      { kind, file },
      {
        onSuccess: () => {
          toast.show({ kind: 'success', message: t('CAR_PAPERS.ADDED') });
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) =>
          setProblem(t(isNetworkError(error) ? 'CAR_PAPERS.NEEDS_CONNECTION' : 'CAR_PAPERS.ADD_FAILED')),
      },
    );
  }

  return (
    <form className="car-papers-list__add" onSubmit={submit}>
      <SelectField
        label={t('CAR_PAPERS.KIND')}
        value={kind}
        onChange={(e) => setKind(e.target.value as CarPaperKind)}
        options={CAR_PAPER_KINDS.map((value) => ({ value, label: t(PAPER_KIND_KEYS[value]) }))}
      />
      <label className="ui-field">
        <span className="ui-field__label">{t('CAR_PAPERS.FILE')}</span>
        <input
          ref={input}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className="ui-input"
          disabled={!online}
          onChange={(e) => pick(e.target.files?.[0])}
        />
      </label>
      <Button type="submit" variant="secondary" disabled={!online || !file || add.isPending}>
        {t(add.isPending ? 'CAR_PAPERS.ADDING' : 'CAR_PAPERS.ADD')}
      </Button>
      {!online ? <p className="car-papers__hint">{t('CAR_PAPERS.ADD_OFFLINE')}</p> : null}
      {problem ? <Alert kind="error">{problem}</Alert> : null}
    </form>
  );
}

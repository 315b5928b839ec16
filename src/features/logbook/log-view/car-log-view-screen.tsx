import { Link } from '@tanstack/react-router';
import type { CarLogMedia } from '@/contract/garage';
import {
  carTitle,
  FormSkeleton,
  CarNotHere,
  DEFAULT_MILEAGE_UNIT,
  useCar,
  useCarLog,
  useSelectedCar,
  type LocalCar,
  type LocalCarLog,
  mayEditLog,
  SyncBadge,
  OverwrittenNotice,
} from '@/features/garage';
import { useCarAuthors } from '@/features/car-people';
import { useSession } from '@/lib/auth/session';
import { formatNumber, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { BackButton, Card, EditIcon, FeedIcon, Page, ButtonLink } from '@/ui';
import { FileIcon } from '@/ui/file-icon';
import { useMediaUrl } from '@/lib/offline/media';
import { openMediaFile, PhotoButton, type ViewerPhoto } from '@/ui/photo-viewer';
import { formatDay, formatMoney, settingLabel } from '@/lib/i18n/format';
import { DeleteLog } from '../log-form/delete-log';
import { LogNotHere } from '../log-form/log-form-states';
import './log-view.css';

/**
 * A log entry to read (my-cars/{carId}/logs/{logId}): notes, photos (opening the viewer), receipts,
 * reading, cost, date, type, place and tags, with Edit and Delete. Read from this device (Dexie),
 * so it shows offline like the rest of the garage.
 */
export function CarLogViewScreen({ carId, logId }: { carId: string; logId: string }) {
  const t = useT();
  const car = useCar(carId);
  const log = useCarLog(logId);
  const loading = t('CAR_LOGS.FORM_LOADING');
  return (
    <Page back={<BackButton />} title={t('CAR_LOGS.VIEW_TITLE')}>
      <Card>
        {car === undefined || log === undefined ? (
          <FormSkeleton label={loading} fields={6} />
        ) : car === null ? (
          <CarNotHere loadingLabel={loading} />
        ) : log === null || log.carId !== car.id ? (
          // Another car's entry under this car's address is not found here either.
          <LogNotHere logId={logId} loadingLabel={loading} />
        ) : (
          <LogView car={car} log={log} />
        )}
      </Card>
    </Page>
  );
}

function LogView({ car, log }: { car: LocalCar; log: LocalCarLog }) {
  const t = useT();
  const [, setSelectedCar] = useSelectedCar();
  const memberId = useSession().user?.id;
  const authors = useCarAuthors(car);
  const author = authors && log.authorId ? authors.get(log.authorId) : undefined;
  const canEdit = mayEditLog(car, log, memberId);
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const name = carTitle(car);
  const photos = log.media.filter((m) => m.kind === 'image');
  const receipts = log.media.filter((m) => m.kind === 'pdf');
  const viewerPhotos: ViewerPhoto[] = photos.map((media, i) => ({
    url: media.url,
    alt: t('CAR_LOGS.VIEW_PHOTO_ALT', { n: i + 1, title: log.title }),
  }));

  const facts: { label: string; value: string }[] = [
    { label: t('CAR_LOGS.FORM_DATE'), value: formatDay(log.startDate, 'long') },
    { label: t('CAR_LOGS.FORM_TYPE'), value: settingLabel(t, 'carLogType', log.type) },
  ];
  if (log.mileage !== null && log.mileage !== undefined) {
    facts.push({
      label: t('CAR_LOGS.VIEW_READING'),
      value: t('CAR_LOGS.MILEAGE_VALUE', {
        mileage: formatNumber(log.mileage),
        unit: settingLabel(t, 'mileageUnit', unit),
      }),
    });
  }
  if (log.cost !== null && log.cost !== undefined) {
    facts.push({ label: t('CAR_LOGS.FORM_COST'), value: formatMoney(log.cost, log.currencyCode ?? '') });
  }
  if (log.location) facts.push({ label: t('CAR_LOGS.FORM_LOCATION'), value: log.location });
  if (author) facts.push({ label: t('CAR_LOGS.VIEW_AUTHOR'), value: author });

  return (
    <article className="log-view" aria-labelledby={`log-${log.id}-title`}>
      <header className="log-view__head ui-flex ui-column ui-start ui-gap-1">
        <p className="log-view__car">
          <Link to="/my-cars" onClick={() => setSelectedCar(car.id)} className="log-view__back">
            {t('CAR_LOGS.VIEW_BACK', { car: name })}
          </Link>
        </p>
        <h2 id={`log-${log.id}-title`} className="log-view__title">
          {log.title}
        </h2>
        <SyncBadge state={log.syncState} />
        {log.formerOwner ? <p className="log-view__former">{t('CAR_LOGS.FORMER_OWNER')}</p> : null}
      </header>
      <OverwrittenNotice kind="carLog" id={log.id} />
      <dl className="log-view__facts">
        {facts.map((fact) => (
          <div key={fact.label} className="log-view__fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {log.tags.length ? (
        <ul
          className="log-view__tags ui-flex ui-wrap ui-gap-2 ui-bare-list"
          aria-label={t('CAR_LOGS.FORM_TAGS')}
        >
          {log.tags.map((tag) => (
            <li key={tag} className="log-view__tag">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      {log.content ? (
        <section
          className="log-view__section ui-flex ui-column ui-gap-2"
          aria-labelledby={`log-${log.id}-notes`}
        >
          <h3 id={`log-${log.id}-notes`} className="log-view__heading">
            {t('CAR_LOGS.FORM_CONTENT')}
          </h3>
          {/* Sanitised by the server against the editor's allow-list (or the member's own, not sent yet). */}
          <div className="rich-text log-view__notes" dangerouslySetInnerHTML={{ __html: log.content }} />
        </section>
      ) : null}
      {photos.length ? (
        <section
          className="log-view__section ui-flex ui-column ui-gap-2"
          aria-labelledby={`log-${log.id}-photos`}
        >
          <h3 id={`log-${log.id}-photos`} className="log-view__heading">
            {t('CAR_LOGS.VIEW_PHOTOS', { count: photos.length })}
          </h3>
          <ul className="log-view__photos">
            {photos.map((media, i) => (
              <li key={media.id}>
                <PhotoButton
                  photos={viewerPhotos}
                  index={i}
                  label={log.title}
                  name={t('PHOTO_VIEWER.OPEN', { name: viewerPhotos[i]?.alt ?? '' })}
                  className="log-view__photo"
                >
                  <Thumb media={media} />
                </PhotoButton>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {receipts.length ? (
        <section
          className="log-view__section ui-flex ui-column ui-gap-2"
          aria-labelledby={`log-${log.id}-receipts`}
        >
          <h3 id={`log-${log.id}-receipts`} className="log-view__heading">
            {t('CAR_LOGS.VIEW_RECEIPTS', { count: receipts.length })}
          </h3>
          <ul className="log-view__receipts ui-flex ui-column ui-gap-2 ui-bare-list">
            {receipts.map((media, i) => (
              <li key={media.id}>
                <button
                  type="button"
                  className="log-view__receipt"
                  onClick={() => {
                    void openMediaFile(media.url).then((opened) => {
                      if (!opened)
                        toast.show({ kind: 'error', message: t('CAR_LOGS.VIEW_RECEIPT_UNAVAILABLE') });
                    });
                  }}
                >
                  <FileIcon />
                  <span>{t('CAR_LOGS.FORM_MEDIA_PDF', { n: i + 1 })}</span>
                  <span className="visually-hidden">{t('CAR_LOGS.VIEW_NEW_TAB')}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="log-view__actions ui-flex ui-wrap ui-center ui-gap-2">
        {canEdit ? (
          <ButtonLink
            to="/edit-car-log/$carId/$logId"
            params={{ carId: car.id, logId: log.id }}
            icon={<EditIcon />}
          >
            {t('CAR_LOGS.VIEW_EDIT')}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/create-post" search={{ carLogId: log.id }} variant="secondary" icon={<FeedIcon />}>
          {t('BUILD_THREAD.SHARE')}
        </ButtonLink>
        {canEdit ? <DeleteLog log={log} carId={car.id} /> : null}
      </div>
    </article>
  );
}

/** A photo's square thumbnail, read through the media cache (so it shows offline once seen). */
function Thumb({ media }: { media: CarLogMedia }) {
  const src = useMediaUrl(media.url);
  return <span className="log-view__thumb">{src ? <img src={src} alt="" /> : null}</span>;
}

// A car log shared to the feed ("Build threads"): its type (icon and label), title,
// reading, date, photo thumbnails, the cost when the author chose to show it, and a link to the car.
// Read from the live log by the server (it follows edits); null once the log is deleted, or once
// the post's author may no longer read it (removed from the car, or the car sold): then `unavailable`
// says which, and the card says so in the member's language.
import { Link } from '@tanstack/react-router';
import type { Post, PostCarLog, PostCarLogPhoto } from '@/contract/posts';
import { formatDay, formatDistance, formatMoney, settingLabel } from '@/lib/i18n/format';
import { useMediaUrl } from '@/lib/offline/media';
import { useT } from '@/lib/i18n';
import { CarIcon, CheckIcon, ConeIcon, WrenchIcon } from '@/ui/icons';
import { LazyImage } from './lazy-image';

/** The most thumbnails a card shows; the rest are counted. */
export const CARD_THUMBNAILS_MAX = 4;

/** The icon of a log type: fill-ups, inspections and outings have their own, work a wrench. */
export function LogTypeIcon({ type }: { type: string }) {
  if (type === 'fuel') return <ConeIcon />;
  if (type === 'inspection') return <CheckIcon />;
  if (type === 'event') return <CarIcon />;
  return <WrenchIcon />;
}

function Thumbnail({ photo, alt }: { photo: PostCarLogPhoto; alt: string }) {
  const src = useMediaUrl(photo.url);
  return (
    <li className="log-card__thumb">
      <LazyImage src={src} alt={alt} width={photo.width} height={photo.height} />
    </li>
  );
}

export function PostCarLogCard({
  card,
  unavailable,
}: {
  card: PostCarLog | null;
  /** Why `card` is null (a server older than this field sends none: taken as deleted). */
  unavailable?: Post['carLogUnavailable'];
}) {
  const t = useT();
  if (card === null) {
    return (
      <p className="log-card log-card--gone" data-testid="post-log-card">
        {t(unavailable === 'no-longer-shared' ? 'BUILD_THREAD.LOG_NOT_SHARED' : 'BUILD_THREAD.LOG_DELETED')}
      </p>
    );
  }
  const shown = card.photos.slice(0, CARD_THUMBNAILS_MAX);
  const more = card.photos.length - shown.length;
  const typeLabel = settingLabel(t, 'carLogType', card.type);
  return (
    <section
      className="log-card"
      data-testid="post-log-card"
      aria-label={t('BUILD_THREAD.CARD_LABEL', { title: card.title })}
    >
      <p className="log-card__type">
        <LogTypeIcon type={card.type} />
        <span>{typeLabel}</span>
      </p>
      <Link to="/car/$id" params={{ id: card.carId }} className="log-card__title">
        {card.title}
      </Link>
      <p className="log-card__details">
        <time dateTime={card.startDate}>{formatDay(card.startDate)}</time>
        {card.mileage !== null ? (
          <span>
            {t('BUILD_THREAD.READING', { reading: formatDistance(card.mileage, card.mileageUnit) })}
          </span>
        ) : null}
        {card.cost !== undefined && card.cost !== null ? (
          <span className="log-card__cost">
            {t('BUILD_THREAD.COST', { cost: formatMoney(card.cost, card.currencyCode ?? '') })}
          </span>
        ) : null}
      </p>
      {shown.length > 0 ? (
        <ul className="log-card__photos">
          {shown.map((photo, i) => (
            <Thumbnail
              key={photo.id}
              photo={photo}
              alt={t('BUILD_THREAD.PHOTO_ALT', { n: i + 1, title: card.title })}
            />
          ))}
          {more > 0 ? (
            <li className="log-card__more">{t('BUILD_THREAD.MORE_PHOTOS', { count: more })}</li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}

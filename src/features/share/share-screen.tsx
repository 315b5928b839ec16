// What another app shared into Paddock (a photo of the gallery, a text, a link): shown, then a new
// post or a log of one of my cars (a receipt) made from it. The share was kept on this device by
// the service worker, so this works offline; the composers queue through the outbox as always.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { carPermissions, carTitle, useCars } from '@/features/garage';
import { useT } from '@/lib/i18n';
import type { SharedItem } from '@/lib/share/share-inbox';
import { Button, ButtonLink, EmptyState, ImageIcon, Page, SkeletonRows } from '@/ui';
import { forgetShare, sharedLines, useSharedItem } from './use-shared-item';
import './share.css';

/** Object URLs of the shared photos, revoked when they change or the screen goes. */
function usePreviews(files: readonly File[] | undefined): string[] {
  const urls = useMemo(() => (files ?? []).map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

export function ShareScreen({ shareId }: { shareId: string | undefined }) {
  const t = useT();
  const item = useSharedItem(shareId);
  return (
    <Page title={t('SHARE.TITLE')}>
      {item === undefined ? (
        <SkeletonRows count={2} label={t('SHARE.LOADING')} />
      ) : item === null ? (
        <EmptyState
          icon={<ImageIcon />}
          title={t('SHARE.NOTHING')}
          text={t('SHARE.NOTHING_TEXT')}
          action={<ButtonLink to="/feed">{t('SHARE.TO_FEED')}</ButtonLink>}
        />
      ) : (
        <ShareChoice item={item} />
      )}
    </Page>
  );
}

function ShareChoice({ item }: { item: SharedItem }) {
  const t = useT();
  const navigate = useNavigate();
  const previews = usePreviews(item.files);
  const lines = sharedLines(item);
  const cars = useCars();
  // A log needs a car I may write logs of (a driver writes fill-ups and readings only).
  const writable = cars?.filter((car) => carPermissions(car).addAnyLog || carPermissions(car).addFuelLog);

  return (
    <div className="share ui-flex ui-column ui-gap-4">
      {previews.length ? (
        <ul className="share__photos" aria-label={t('SHARE.PHOTOS', { count: previews.length })}>
          {previews.map((url, i) => (
            <li key={url} className="share__photo">
              <img src={url} alt={t('SHARE.PHOTO_ALT', { n: i + 1 })} width={96} height={96} />
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length ? (
        <blockquote className="share__text">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </blockquote>
      ) : null}
      <section className="share__option ui-flex ui-column ui-gap-2" aria-labelledby="share-post">
        <h2 id="share-post" className="share__heading">
          {t('SHARE.AS_POST')}
        </h2>
        <ButtonLink to="/create-post" search={{ share: item.id }}>
          {t('SHARE.NEW_POST')}
        </ButtonLink>
      </section>
      <section className="share__option ui-flex ui-column ui-gap-2" aria-labelledby="share-log">
        <h2 id="share-log" className="share__heading">
          {t('SHARE.AS_LOG')}
        </h2>
        {writable === undefined ? (
          <SkeletonRows count={1} label={t('SHARE.LOADING')} />
        ) : writable.length === 0 ? (
          <p className="share__hint">{t('SHARE.NO_CAR')}</p>
        ) : (
          <ul className="share__cars ui-flex ui-column ui-gap-2">
            {writable.map((car) => (
              <li key={car.id}>
                <ButtonLink
                  variant="secondary"
                  className="share__car"
                  to="/new-car-log/$carId"
                  params={{ carId: car.id }}
                  search={{ share: item.id }}
                >
                  {t('SHARE.LOG_OF', { car: carTitle(car) })}
                </ButtonLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Button
        variant="ghost"
        onClick={() => {
          forgetShare(item.id);
          void navigate({ to: '/feed' });
        }}
      >
        {t('SHARE.DISCARD')}
      </Button>
    </div>
  );
}

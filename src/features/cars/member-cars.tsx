// A friend's cars on their profile, each opening its read-only page (/car/{id}).
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { Button, CarIcon, CloudOffIcon, EmptyState, SkeletonRows, Spinner } from '@/ui';
import { memberCarsQueryOptions } from './api/member-cars';
import { carSubtitle, carTitle } from '@/lib/text/car-title';
import { CarThumb } from './components/car-thumb';
import './my-cars.css';
import './member-cars.css';

/** Skeleton rows while the first page loads. */
export const MEMBER_CARS_SKELETONS = 2;

export function MemberCars({ ownerId, name }: { ownerId: string; name: string }) {
  const t = useT();
  const headingId = useId();
  const query = useInfiniteQuery(memberCarsQueryOptions(ownerId));
  const cars = query.data?.pages.flatMap((page) => page.cars);
  const failed = query.isError && !query.isFetchingNextPage;
  return (
    <section className="member-cars" aria-labelledby={headingId}>
      <h2 id={headingId} className="member-cars__title">
        {t('CARS.MEMBER_CARS_TITLE', { name })}
      </h2>
      {failed ? (
        <div className="ui-problem" role="status">
          {isNetworkError(query.error) ? <CloudOffIcon /> : null}
          <span>
            {t(isNetworkError(query.error) ? 'CARS.MEMBER_CARS_OFFLINE' : 'CARS.MEMBER_CARS_FAILED')}
          </span>
          <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
            {t('CARS.MEMBER_CARS_RETRY')}
          </Button>
        </div>
      ) : null}
      {cars === undefined ? (
        query.isPending ? (
          <SkeletonRows count={MEMBER_CARS_SKELETONS} label={t('CARS.MEMBER_CARS_LOADING')} />
        ) : null
      ) : cars.length === 0 ? (
        <EmptyState
          icon={<CarIcon />}
          title={t('CARS.MEMBER_CARS_EMPTY', { name })}
          text={t('CARS.MEMBER_CARS_EMPTY_TEXT', { name })}
        />
      ) : (
        <>
          <ul className="member-cars__list" aria-labelledby={headingId}>
            {cars.map((car) => {
              const subtitle = carSubtitle(car);
              return (
                <li key={car.id}>
                  <Link to="/car/$id" params={{ id: car.id }} className="member-cars__car">
                    <CarThumb image={car.image} size="small" />
                    <span className="member-cars__names">
                      <span className="member-cars__name">{carTitle(car)}</span>
                      {subtitle ? <span className="member-cars__subtitle">{subtitle}</span> : null}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {query.isFetchingNextPage ? (
            <Spinner label={t('CARS.MEMBER_CARS_LOADING')} />
          ) : query.hasNextPage && !failed ? (
            <Button variant="secondary" size="small" onClick={() => void query.fetchNextPage()}>
              {t('CARS.MEMBER_CARS_MORE')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

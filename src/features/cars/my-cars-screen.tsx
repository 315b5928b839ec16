import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { EconomySection, CarReminders, DueList } from '@/features/maintenance';
import { LogList, StatsSection } from '@/features/logbook';
import {
  OverwrittenLogs,
  OverwrittenNotice,
  DEFAULT_MILEAGE_UNIT,
  useCarLogsAfterPaint,
  useCarLogsFirstPage,
  useCars,
  useGarageRefresh,
  useSelectedCar,
  type LocalCar,
  firstCarsShown,
  forgetFirstCars,
  resolveSelectedCar,
} from '@/features/garage';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import {
  CarIcon,
  CloudOffIcon,
  EmptyState,
  Page,
  PullToRefresh,
  Skeleton,
  SkeletonRows,
  PlusIcon,
} from '@/ui';
import { CarDetails } from './components/car-details';
import { CarOwnersLine, SoldCars, TransferOffers, CarMembersSection } from '@/features/car-people';
import { CarPicker } from './components/car-picker';
import './my-cars.css';

/** Spec §9: skeleton rows 5. */
const SKELETON_ROWS = 5;

/**
 * My garage (spec §2 my-cars): the member's cars, the selected one's page (details, statistics,
 * logbook). Reads Dexie first, so it renders offline; pull-to-refresh syncs with the server.
 */
export function MyCarsScreen() {
  const t = useT();
  const stored = useCars();
  const [storedId, setStoredId] = useSelectedCar();
  // Until the device's copy has loaded (a cold start: nothing synced yet), the cars the entry's first
  // paint showed (garage-first-paint.ts), else the skeleton: never "add your first car" meanwhile.
  const painted = firstCarsShown();
  const known = stored?.length ? stored : (painted ?? stored);
  const { error, refresh, firstSyncPending } = useGarageRefresh(
    known ? resolveSelectedCar(known, storedId)?.id : undefined,
  );
  const loading = stored === undefined || (stored.length === 0 && firstSyncPending);
  const cars = loading ? painted : stored;
  const car = cars ? resolveSelectedCar(cars, storedId) : undefined;
  useEffect(() => {
    if (!loading) forgetFirstCars();
  }, [loading]);

  return (
    <Page
      title={t('CARS.MY_CARS_TITLE')}
      actions={
        cars?.length ? (
          <Link to="/create-car" className="ui-button ui-button--secondary ui-button--small">
            <PlusIcon />
            {t('CARS.ADD_CAR')}
          </Link>
        ) : null
      }
    >
      <PullToRefresh onRefresh={refresh}>
        <div className="my-cars">
          {error ? (
            <p className="my-cars__hint" role="status">
              {isNetworkError(error) ? <CloudOffIcon /> : null}
              {t(isNetworkError(error) ? 'CARS.OFFLINE_DATA' : 'CARS.REFRESH_FAILED')}
            </p>
          ) : null}
          {/* Cars offered to me, with Accept / Decline. */}
          <TransferOffers />
          {cars === undefined ? (
            <MyCarsSkeleton label={t('CARS.LOADING')} />
          ) : !car ? (
            <EmptyState
              title={t('CARS.EMPTY_TITLE')}
              text={t('CARS.EMPTY_TEXT')}
              icon={<CarIcon />}
              action={
                <Link to="/create-car" className="ui-button ui-button--primary">
                  <PlusIcon />
                  {t('CARS.ADD_FIRST_CAR')}
                </Link>
              }
            />
          ) : (
            <>
              <DueList />
              <CarPicker cars={cars} selectedId={car.id} onSelect={setStoredId} />
              <CarPage key={car.id} car={car} onDeleted={() => setStoredId(null)} />
            </>
          )}
          {/* The read-only records of the cars I sold. */}
          <SoldCars />
        </div>
      </PullToRefresh>
    </Page>
  );
}

function CarPage({ car, onDeleted }: { car: LocalCar; onDeleted: () => void }) {
  // First the newest screenful and the count, by the index; the whole logbook (statistics,
  // economy, the list's filters and sums) once that has been shown a moment, or at once when the
  // member reaches for the list. A tap leaving the garage meanwhile (the car's Open) never reads
  // every log (docs/BENCHMARKS.md, the car's home).
  const firstPage = useCarLogsFirstPage(car.id);
  const [wanted, setWanted] = useState(false);
  const logs = useCarLogsAfterPaint(car.id, firstPage, wanted);
  return (
    <div className="my-cars__car">
      <CarDetails car={car} logCount={logs?.length ?? firstPage?.total} onDeleted={onDeleted} />
      <OverwrittenNotice kind="car" id={car.id} />
      <CarOwnersLine carId={car.id} />
      <CarReminders car={car} />
      <CarMembersSection car={car} onLeft={onDeleted} />
      {logs && logs.length > 0 ? (
        <StatsSection logs={logs} mileageUnit={car.mileageUnit || DEFAULT_MILEAGE_UNIT} />
      ) : null}
      {logs ? <EconomySection car={car} logs={logs} /> : null}
      <OverwrittenLogs carId={car.id} />
      <LogList car={car} logs={logs} firstPage={firstPage} onNeedAll={() => setWanted(true)} />
    </div>
  );
}

function MyCarsSkeleton({ label }: { label: string }) {
  return (
    <div className="my-cars__skeleton" data-testid="my-cars-skeleton">
      <div className="my-cars__skeleton-cards" aria-hidden="true">
        <Skeleton width="11rem" height="4.5rem" />
        <Skeleton width="11rem" height="4.5rem" />
      </div>
      <SkeletonRows count={SKELETON_ROWS} label={label} />
    </div>
  );
}

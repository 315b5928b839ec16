import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Car } from '@/contract/garage';
import {
  carTitle,
  firstCarShown,
  forgetFirstCar,
  roleOf,
  useCar,
  useMirrorCarWhenMissing,
  type LocalCar,
} from '@/features/garage';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { Alert, BackButton, Card, CarIcon, CloudOffIcon, EmptyState, Page, SkeletonRows } from '@/ui';
import { useRemoteCar } from '../api/get-car';
import { CarHomeContext, useCarHome } from './car-home-context';
import { carHomeSections, SECTION_LABEL_KEYS, type CarHomeSection } from './car-home-sections';
import './car-home.css';

/** Each section's address (the route files under src/routes/_authenticated/car.$id.*). */
const SECTION_PATHS = {
  overview: '/car/$id',
  logbook: '/car/$id/logbook',
  fuel: '/car/$id/fuel',
  reminders: '/car/$id/reminders',
  papers: '/car/$id/papers',
  history: '/car/$id/history',
  people: '/car/$id/people',
} as const satisfies Record<CarHomeSection, string>;

/**
 * A car's home (car/{id} and its sections): the car's name, a bar of its sections a thumb reaches
 * (each its own address: back and deep links work), then the section the route mounts. One of the
 * member's cars is read from the mirror (works offline); a friend's from the server (GET /cars/{id}).
 */
export function CarHome({ id, children }: { id: string; children: ReactNode }) {
  const t = useT();
  const mirrored = useCar(id);
  // Not on this device yet: the member's cars are asked for before it is taken for a friend's.
  const mirroring = useMirrorCarWhenMissing(id, mirrored === null);
  // A cold start of this address: the car the entry painted (car-home-first-paint.ts) is the
  // server's answer already; the app's first render shows it in the same place.
  const painted = firstCarShown(id);
  const remote = useRemoteCar(id, mirrored === null, painted);
  // Shown while the device's copy is read too (the first render does not swap it for a skeleton).
  const server = remote.data ?? painted;
  // A car the server gives the member a role on is theirs (or shared with them): until the mirror's
  // live read shows it (it follows the write of the first sync by a moment), it is pending, not a
  // friend's — the screen does not lose its sections meanwhile. Once the mirror has had it, the
  // mirror is the truth: a car that leaves it (I was removed from it, it was sold) is not mine.
  const inMirror = useRef(false);
  if (mirrored) inMirror.current = true;
  const pending = mirrored === null && !inMirror.current && (mirroring || Boolean(server?.role));
  const local = pending ? undefined : mirrored;
  const car = local ?? server;
  useEffect(() => {
    if (local) forgetFirstCar(); // the mirror has it: a later visit never starts from the painted one
  }, [local]);
  const error: unknown = remote.error;
  return (
    <Page back={<BackButton fallback="/my-cars" />} title={car ? carTitle(car) : t('CARS.CAR_TITLE')}>
      {car ? (
        <CarHomeContext.Provider value={{ id, local, car }}>
          <CarHomeBar id={id} sections={carHomeSections(local === undefined ? remoteRole(server) : local)} />
          <div className="car-home__section">{children}</div>
        </CarHomeContext.Provider>
      ) : (
        <Card>
          {local === undefined || remote.isPending ? (
            <SkeletonRows count={3} label={t('CARS.CAR_LOADING')} />
          ) : isNetworkError(error) ? (
            <EmptyState
              icon={<CloudOffIcon />}
              title={t('FRIENDS.NEEDS_CONNECTION_TITLE')}
              text={t('CARS.CAR_NEEDS_CONNECTION')}
            />
          ) : error instanceof ApiError && error.status === 404 ? (
            <EmptyState
              icon={<CarIcon />}
              title={t('CARS.CAR_NOT_FOUND')}
              text={t('CARS.CAR_NOT_FOUND_TEXT')}
            />
          ) : (
            <Alert kind="error">{t('CARS.CAR_LOAD_FAILED')}</Alert>
          )}
        </Card>
      )}
    </Page>
  );
}

/**
 * While the mirror is still being filled (a new device), the server's copy tells the member's role:
 * the bar is drawn at once rather than pushing the section down when the mirror answers. A friend's
 * car (no role in the answer) shows its overview only, as from the mirror.
 */
const remoteRole = (car: Car | undefined): Pick<Car, 'role'> | null => (car?.role ? car : null);

/** The sections as a row of tabs that scrolls sideways and stays in reach while the page scrolls. */
function CarHomeBar({ id, sections }: { id: string; sections: CarHomeSection[] }) {
  const t = useT();
  if (sections.length < 2) return null;
  return (
    <nav className="car-home__bar" aria-label={t('CAR_HOME.SECTIONS')}>
      <ul className="car-home__tabs">
        {sections.map((section) => (
          <li key={section}>
            <Link
              to={SECTION_PATHS[section]}
              params={{ id }}
              className="car-home__tab"
              activeOptions={{ exact: true, includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {t(SECTION_LABEL_KEYS[section])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A section of one of the member's own or shared cars: it reads the mirror's copy (offline too).
 * On a friend's car, which only its owner and members see past the overview, it says so.
 */
export function OwnCarSection({
  children,
  ownerOnly = false,
}: {
  children: (car: LocalCar) => ReactNode;
  /** The car's owner only (its history: import, export, dossier, sale). */
  ownerOnly?: boolean;
}) {
  const t = useT();
  const { local } = useCarHome();
  if (local === undefined) return <SkeletonRows count={3} label={t('CARS.CAR_LOADING')} />;
  if (local === null || (ownerOnly && roleOf(local) !== 'owner'))
    return (
      <Card>
        <EmptyState
          icon={<CarIcon />}
          title={t(local === null ? 'CAR_HOME.MEMBERS_ONLY' : 'CAR_HOME.OWNER_ONLY')}
          text={t(local === null ? 'CAR_HOME.MEMBERS_ONLY_TEXT' : 'CAR_HOME.OWNER_ONLY_TEXT')}
        />
      </Card>
    );
  return <>{children(local)}</>;
}

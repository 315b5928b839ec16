import { lazy, Suspense } from 'react';
import { useOnline } from '@/lib/network/online';
import { useDeviceDataStarted } from '@/lib/offline/device-data-started';
import { useRemoteCar } from '../api/get-car';
import { CarMentionLink } from './car-mention-link';

/** Reads the car from this device first (the garage's data layer, with Dexie: loaded lazily). */
const LocalCarMention = lazy(() => import('./local-car-mention'));

/**
 * "About: Bleue (Alpine A110)", linking to the car: a post's "About one of my cars". The car comes
 * from this device when it is one of mine, else from the server (a friend's); offline and not on
 * this device, the link says "About one of their cars". Online, until the device's data has
 * started on the page (the feed's first paint), it is asked to the server: the first screen does
 * not load the garage's data layer for a name. Offline the device is read at once (the screen
 * reads it anyway).
 */
export function CarMention({ carId }: { carId: string }) {
  const started = useDeviceDataStarted();
  const online = useOnline();
  const fromServer = <RemoteCarMention carId={carId} />;
  if (!started && online) return fromServer;
  return (
    <Suspense fallback={fromServer}>
      <LocalCarMention carId={carId} />
    </Suspense>
  );
}

function RemoteCarMention({ carId }: { carId: string }) {
  return <CarMentionLink carId={carId} car={useRemoteCar(carId, true).data} />;
}

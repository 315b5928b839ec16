import { Link } from '@tanstack/react-router';
import { useCar, carTitle } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { CarIcon } from '@/ui';
import { useRemoteCar } from '../api/get-car';
import './car-mention.css';

/**
 * "About: Bleue (Alpine A110)", linking to the car: a post's "About one of my cars". The car comes
 * from this device when it is one of mine, else from the server (a friend's); offline and not on
 * this device, the link says "About one of their cars".
 */
export function CarMention({ carId }: { carId: string }) {
  const t = useT();
  const local = useCar(carId);
  const remote = useRemoteCar(carId, local === null);
  const car = local ?? remote.data;
  return (
    <Link to="/car/$id" params={{ id: carId }} className="car-mention">
      <CarIcon />
      <span className="car-mention__text">
        {car ? t('POSTS.ABOUT_CAR', { car: carTitle(car) }) : t('POSTS.ABOUT_A_CAR')}
      </span>
    </Link>
  );
}

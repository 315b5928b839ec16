import { Link } from '@tanstack/react-router';
import type { Car } from '@/contract/garage';
import { useT } from '@/lib/i18n';
import { carTitle } from '@/lib/text/car-title';
import { CarIcon } from '@/ui';
import './car-mention.css';

/** A post's car mention (car-mention.tsx): the link to the car, named once the car is known. */
export function CarMentionLink({ carId, car }: { carId: string; car: Car | undefined | null }) {
  const t = useT();
  return (
    <Link to="/car/$id" params={{ id: carId }} className="car-mention">
      <CarIcon />
      <span className="car-mention__text">
        {car ? t('POSTS.ABOUT_CAR', { car: carTitle(car) }) : t('POSTS.ABOUT_A_CAR')}
      </span>
    </Link>
  );
}

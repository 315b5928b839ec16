import type { LocalCar } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { PhotoButton } from '@/ui/photo-viewer';
import { CarThumb } from './car-thumb';

/** The car's large photo; when it has one, a tap opens it full screen. */
export function CarPhoto({ car, title }: { car: Pick<LocalCar, 'image'>; title: string }) {
  const t = useT();
  if (!car.image) return <CarThumb image={null} size="large" />;
  const alt = t('CARS.PHOTO_ALT', { name: title });
  return (
    <PhotoButton
      photos={[{ url: car.image, alt }]}
      label={title}
      name={t('PHOTO_VIEWER.OPEN', { name: alt })}
      className="car-photo"
    >
      <CarThumb image={car.image} size="large" />
    </PhotoButton>
  );
}

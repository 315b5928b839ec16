import { useMediaUrl } from '@/lib/offline/media';
import { CarIcon } from '@/ui';

/**
 * The car's photo (fetched with the token, or its local blob while not uploaded), else a car icon.
 * Decorative next to the car's name, hence the empty alt.
 */
export function CarThumb({ image, size }: { image: string | null | undefined; size: 'small' | 'large' }) {
  const src = useMediaUrl(image);
  return (
    <span className={`car-thumb car-thumb--${size}`}>
      {src ? <img src={src} alt="" className="car-thumb__img" /> : <CarIcon />}
    </span>
  );
}

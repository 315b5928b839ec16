// A post's car mention once the device's data has started (car-mention.tsx): my car from this
// device, a friend's from the server (the answer the mention may already hold).
import { useCar } from '@/features/garage';
import { useRemoteCar } from '../api/get-car';
import { CarMentionLink } from './car-mention-link';

export default function LocalCarMention({ carId }: { carId: string }) {
  const local = useCar(carId);
  const remote = useRemoteCar(carId, local === null);
  return <CarMentionLink carId={carId} car={local ?? remote.data} />;
}

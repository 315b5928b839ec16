// The car keeps one history through owners: "Logbook since <first log>, N owners" once
// it has changed hands. Online only (nothing shows offline or for a car never sold).
import { formatDate, formatNumber, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { useCarOwners } from '../api/car-transfers';

export function CarOwnersLine({ carId }: { carId: string }) {
  const t = useT();
  const online = useOnline();
  const owners = useCarOwners(carId, online);
  const data = owners.data;
  if (!data || data.ownerCount < 2) return null;
  return (
    <p className="car-transfer__owners" data-testid="car-owners">
      {data.logbookSince
        ? t('CAR_TRANSFER.LOGBOOK_SINCE', {
            date: formatDate(data.logbookSince, { dateStyle: 'long' }),
            count: formatNumber(data.ownerCount),
          })
        : t('CAR_TRANSFER.OWNERS', { count: formatNumber(data.ownerCount) })}
    </p>
  );
}

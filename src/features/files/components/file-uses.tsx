import { Link } from '@tanstack/react-router';
import { setSelectedCar, useCar, useCarLog } from '@/features/garage';
import { useT } from '@/lib/i18n';
import type { FileUse } from '../api/get-files';

/** Where a file shows: its car (opens the garage on it) or its log entry (opens the entry). */
export function FileUses({ uses }: { uses: FileUse[] }) {
  const t = useT();
  if (uses.length === 0) return <span className="files-row__unused">{t('FILES.UNUSED')}</span>;
  return (
    <span className="files-row__uses">
      <span>{t('FILES.USED_BY')}</span>
      <ul>
        {uses.map((use) => (
          <li key={`${use.type}:${use.id}`}>
            {use.type === 'car' ? (
              <CarUse id={use.id} />
            ) : use.type === 'post' ? (
              <Link to="/post/$id" params={{ id: use.id }}>
                {t('FILES.A_POST')}
              </Link>
            ) : (
              <LogUse id={use.id} />
            )}
          </li>
        ))}
      </ul>
    </span>
  );
}

function CarUse({ id }: { id: string }) {
  const t = useT();
  const car = useCar(id);
  const name = car ? car.nickname || `${car.make} ${car.model}` : t('FILES.A_CAR');
  return (
    <Link to="/my-cars" onClick={() => setSelectedCar(id)}>
      {name}
    </Link>
  );
}

function LogUse({ id }: { id: string }) {
  const t = useT();
  const log = useCarLog(id);
  // The file list names the log only; its car comes from the local garage when it holds the log.
  if (!log) return <span>{t('FILES.A_LOG_ENTRY')}</span>;
  return (
    <Link to="/edit-car-log/$carId/$logId" params={{ carId: log.carId, logId: log.id }}>
      {log.title}
    </Link>
  );
}

// The seller's garage keeps a read-only record of each car they sold: "Sold on <date>
// to <name>", and on demand the car and its logs as they were on the day of sale.
import { useState } from 'react';
import type { CarSale } from '@/contract/car-transfers';
import { formatDate, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { Button } from '@/ui';
import { useSoldCar, useSoldCars } from '../api/car-transfers';
import { carTitle } from '@/features/garage';
import { useTransferEvents } from './use-transfer-events';
import './car-transfer.css';

export function SoldCars() {
  const t = useT();
  const online = useOnline();
  const sold = useSoldCars(online);
  useTransferEvents();
  if (!sold.data || sold.data.length === 0) return null;
  return (
    <section className="car-transfer car-transfer--sold" aria-labelledby="cars-sold-title">
      <h2 id="cars-sold-title" className="car-transfer__heading">
        {t('CAR_TRANSFER.SOLD_TITLE')}
      </h2>
      <ul className="car-transfer__list">
        {sold.data.map((sale) => (
          <SoldCar key={sale.id} sale={sale} />
        ))}
      </ul>
    </section>
  );
}

function SoldCar({ sale }: { sale: CarSale }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const detail = useSoldCar(sale.id, open);
  return (
    <li className="car-transfer__sold" data-testid="sold-car">
      <p>
        <strong>{carTitle(sale.car)}</strong>{' '}
        {t('CAR_TRANSFER.SOLD_ON', {
          date: formatDate(sale.soldAt, { dateStyle: 'long' }),
          name: sale.buyerName,
        })}
      </p>
      <p className="car-transfer__hint">{t('CAR_TRANSFER.SOLD_LOGS', { count: sale.logCount })}</p>
      <Button variant="ghost" size="small" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {t(open ? 'CAR_TRANSFER.HIDE_RECORD' : 'CAR_TRANSFER.SHOW_RECORD')}
      </Button>
      {open && detail.data ? (
        <ol className="car-transfer__logs" aria-label={t('CAR_TRANSFER.SOLD_LOGS_LABEL')}>
          {detail.data.logs.map((log) => (
            <li key={log.id}>
              {formatDate(log.startDate, { dateStyle: 'medium' })} · {log.title}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

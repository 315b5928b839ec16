// The garage's "Cars offered to me": each pending offer with what I will receive (the same summary
// the seller confirmed) and Accept / Decline. Accepted, the car and its logbook come into my
// garage (the garage syncs on the live "car" event and here).
import type { CarTransfer } from '@/contract/car-transfers';
import { syncCars } from '@/features/garage';
import { errorTextOf } from '@/lib/http/api-error-catalogue';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { useSession } from '@/lib/auth/session';
import { toast } from '@/lib/toast';
import { Button } from '@/ui';
import { useAnswerTransfer, usePendingTransfers, useTransferSummary } from '../api/car-transfers';
import { SaleSummaryList } from './sale-summary';
import { useTransferEvents } from './use-transfer-events';
import './car-transfer.css';

export function TransferOffers() {
  const t = useT();
  const online = useOnline();
  const { user } = useSession();
  const pending = usePendingTransfers(online);
  useTransferEvents();
  const offers = (pending.data ?? []).filter((p) => p.toUserId === user?.id);
  if (offers.length === 0) return null;
  return (
    <section className="car-transfer car-transfer--offers" aria-labelledby="car-transfer-offers">
      <h2 id="car-transfer-offers" className="car-transfer__heading">
        {t('CAR_TRANSFER.OFFERS_TITLE')}
      </h2>
      <ul className="car-transfer__list">
        {offers.map((offer) => (
          <OfferRow key={offer.id} offer={offer} />
        ))}
      </ul>
    </section>
  );
}

function OfferRow({ offer }: { offer: CarTransfer }) {
  const t = useT();
  const answer = useAnswerTransfer();
  const summary = useTransferSummary(offer.id);
  const reply = (action: 'accept' | 'decline') =>
    answer.mutate(
      { id: offer.id, action },
      {
        onSuccess: async () => {
          toast.show({
            kind: 'success',
            message: t(action === 'accept' ? 'CAR_TRANSFER.ACCEPTED' : 'CAR_TRANSFER.DECLINED'),
          });
          if (action === 'accept') await syncCars().catch(() => undefined);
        },
        onError: (e) => {
          const text = errorTextOf(e);
          toast.show({ kind: 'error', message: 'text' in text ? text.text : t(text.key, text.values) });
        },
      },
    );
  return (
    <li className="car-transfer__offer">
      <p>
        {t('CAR_TRANSFER.OFFER', { name: offer.fromName, car: offer.carName })}
        {!offer.keepCosts || !offer.keepNotes ? (
          <span className="car-transfer__hint">
            {' '}
            {t(
              !offer.keepCosts && !offer.keepNotes
                ? 'CAR_TRANSFER.WITHOUT_BOTH'
                : !offer.keepCosts
                  ? 'CAR_TRANSFER.WITHOUT_COSTS'
                  : 'CAR_TRANSFER.WITHOUT_NOTES',
            )}
          </span>
        ) : null}
      </p>
      <SaleSummaryList
        summary={summary.data}
        title={t('CAR_TRANSFER.SUMMARY_TITLE_YOU')}
        loading={summary.isPending}
        failed={summary.isError}
      />
      <div className="car-transfer__actions">
        <Button
          size="small"
          busy={answer.isPending}
          disabled={answer.isPending}
          onClick={() => reply('accept')}
        >
          {t('CAR_TRANSFER.ACCEPT')}
        </Button>
        <Button variant="secondary" size="small" disabled={answer.isPending} onClick={() => reply('decline')}>
          {t('CAR_TRANSFER.DECLINE')}
        </Button>
      </div>
    </li>
  );
}

// The car page's "Sell / transfer this car": the owner picks the buyer among their friends or finds
// them by their exact username (e-mail addresses are never looked up), ticks what the buyer keeps
// (costs, notes), reads what the buyer will receive (the server's sale summary) and confirms; while
// the buyer has not answered, the offer shows with Cancel. Online only.
import { useId, useState, type FormEvent } from 'react';
import type { BuyerCard, CarTransfer } from '@/contract/car-transfers';
import type { Car } from '@/contract/garage';
import { ApiError } from '@/lib/http/api-client';
import { errorTextOf, type ErrorText } from '@/lib/http/api-error-catalogue';
import { formatDate, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { RecipientPickerModal } from '@/features/recipient-picker';
import { Alert, Button, Modal, TextField, UsersIcon } from '@/ui';
import {
  findBuyer,
  useAnswerTransfer,
  useOfferTransfer,
  usePendingTransfers,
  useSaleSummary,
} from '../api/car-transfers';
import { SaleSummaryList } from './sale-summary';
import { useTransferEvents } from './use-transfer-events';
import './car-transfer.css';

const fullName = (card: Pick<BuyerCard, 'firstName' | 'lastName' | 'username'>) =>
  `${card.firstName} ${card.lastName}`.trim() || card.username;

function useErrorText() {
  const t = useT();
  return (error: ErrorText) => ('text' in error ? error.text : t(error.key, error.values));
}

export function SellCarSection({ car }: { car: Car }) {
  const t = useT();
  const online = useOnline();
  const pending = usePendingTransfers(online);
  const answer = useAnswerTransfer();
  const [open, setOpen] = useState(false);
  const text = useErrorText();
  useTransferEvents();
  const offer = pending.data?.find((p) => p.carId === car.id && p.fromUserId === car.ownerId);

  return (
    <section className="car-transfer" aria-labelledby="car-transfer-title">
      <h2 id="car-transfer-title" className="car-transfer__heading">
        {t('CAR_TRANSFER.TITLE')}
      </h2>
      {offer ? (
        <div className="car-transfer__pending" role="status">
          <p>
            {t('CAR_TRANSFER.PENDING', {
              name: offer.toName,
              date: formatDate(offer.createdAt, { dateStyle: 'medium' }),
            })}
          </p>
          <Button
            variant="secondary"
            size="small"
            busy={answer.isPending}
            disabled={!online || answer.isPending}
            onClick={() =>
              answer.mutate(
                { id: offer.id, action: 'cancel' },
                {
                  onSuccess: () => toast.show({ kind: 'success', message: t('CAR_TRANSFER.CANCELLED') }),
                  onError: (e) => toast.show({ kind: 'error', message: text(errorTextOf(e)) }),
                },
              )
            }
          >
            {t('CAR_TRANSFER.CANCEL')}
          </Button>
        </div>
      ) : (
        <>
          <p>{t('CAR_TRANSFER.INTRO')}</p>
          <Button variant="secondary" size="small" disabled={!online} onClick={() => setOpen(true)}>
            {t('CAR_TRANSFER.OPEN')}
          </Button>
          {!online ? <p className="car-transfer__hint">{t('CAR_TRANSFER.NEEDS_CONNECTION')}</p> : null}
        </>
      )}
      {open ? <SellDialog car={car} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function SellDialog({ car, onClose }: { car: Car; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const text = useErrorText();
  const offer = useOfferTransfer(car.id);
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [buyer, setBuyer] = useState<BuyerCard | null>(null);
  const [keepCosts, setKeepCosts] = useState(true);
  const [keepNotes, setKeepNotes] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // The seller confirms having read what the buyer receives; any change asks again.
  const [confirmed, setConfirmed] = useState(false);
  const summary = useSaleSummary(car.id, { keepCosts, keepNotes });
  const choose = (card: BuyerCard | null) => {
    setBuyer(card);
    setConfirmed(false);
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    setSearching(true);
    setError(null);
    choose(null);
    try {
      choose(await findBuyer(query));
    } catch (e) {
      // The server answers any e-mail address alike (it never looks one up): say why.
      const notFound = query.includes('@')
        ? t('CAR_TRANSFER.EMAIL_NOT_LOOKED_UP')
        : t('CAR_TRANSFER.NO_BUYER');
      setError(e instanceof ApiError && e.status === 404 ? notFound : text(errorTextOf(e)));
    } finally {
      setSearching(false);
    }
  };

  const confirm = () => {
    if (!buyer || !confirmed) return;
    setError(null);
    offer.mutate(
      { toUserId: buyer.id, keepCosts, keepNotes },
      {
        onSuccess: (made: CarTransfer) => {
          toast.show({ kind: 'success', message: t('CAR_TRANSFER.OFFERED', { name: made.toName }) });
          onClose();
        },
        onError: (e) => setError(text(errorTextOf(e))),
      },
    );
  };

  if (picking)
    return (
      <RecipientPickerModal
        title={t('CAR_TRANSFER.PICK_TITLE')}
        onDismiss={(choice) => {
          setPicking(false);
          if (choice.cancelled) return;
          const { id, username, firstName, lastName, avatar } = choice.user;
          setError(null);
          choose({ id, username, firstName, lastName, avatar });
        }}
      />
    );

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="car-transfer__dialog">
      <h2 id={titleId} className="ui-modal__title">
        {t('CAR_TRANSFER.DIALOG_TITLE')}
      </h2>
      <Button variant="secondary" size="small" icon={<UsersIcon />} onClick={() => setPicking(true)}>
        {t('CAR_TRANSFER.PICK_FRIEND')}
      </Button>
      <form className="car-transfer__search" onSubmit={(event) => void search(event)}>
        <TextField
          label={t('CAR_TRANSFER.BUYER_LABEL')}
          description={t('CAR_TRANSFER.BUYER_HINT')}
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="secondary" size="small" busy={searching} disabled={searching}>
          {t('CAR_TRANSFER.FIND')}
        </Button>
      </form>
      {buyer ? (
        <p className="car-transfer__buyer" data-testid="car-transfer-buyer">
          {t('CAR_TRANSFER.BUYER_FOUND', { name: fullName(buyer), username: buyer.username })}
        </p>
      ) : null}
      <fieldset className="car-transfer__keep">
        <legend>{t('CAR_TRANSFER.KEEP_LEGEND')}</legend>
        <label className="car-transfer__check">
          <input
            type="checkbox"
            checked={keepCosts}
            onChange={(e) => {
              setKeepCosts(e.target.checked);
              setConfirmed(false);
            }}
          />
          <span>{t('CAR_TRANSFER.KEEP_COSTS')}</span>
        </label>
        <label className="car-transfer__check">
          <input
            type="checkbox"
            checked={keepNotes}
            onChange={(e) => {
              setKeepNotes(e.target.checked);
              setConfirmed(false);
            }}
          />
          <span>{t('CAR_TRANSFER.KEEP_NOTES')}</span>
        </label>
      </fieldset>
      <SaleSummaryList
        summary={summary.data}
        title={
          buyer
            ? t('CAR_TRANSFER.SUMMARY_TITLE_BUYER', { name: fullName(buyer) })
            : t('CAR_TRANSFER.SUMMARY_TITLE')
        }
        loading={summary.isPending}
        failed={summary.isError}
      />
      <p className="car-transfer__hint">{t('CAR_TRANSFER.WARNING')}</p>
      {buyer && summary.data ? (
        <label className="car-transfer__check car-transfer__confirm">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          <span>{t('CAR_TRANSFER.SUMMARY_CONFIRM', { name: fullName(buyer) })}</span>
        </label>
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="ui-confirm__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('CAR_TRANSFER.CLOSE')}
        </Button>
        <Button
          busy={offer.isPending}
          disabled={!buyer || !confirmed || !summary.data || offer.isPending}
          onClick={confirm}
        >
          {t('CAR_TRANSFER.CONFIRM')}
        </Button>
      </div>
    </Modal>
  );
}

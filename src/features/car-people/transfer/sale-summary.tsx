// What the buyer receives, said plainly (README "Selling a car"): the seller reads it before
// confirming the offer, the buyer the same answer before accepting it. Counts from the server
// (GET /cars/{id}/sale-summary, GET /car-transfers/{id}/summary), each part handed over or not.
import type { CarSaleSummary } from '@/contract/car-transfers';
import { useT } from '@/lib/i18n';
import { formatMoney } from '@/lib/i18n/format';
import { Alert, CheckIcon, CloseIcon, SkeletonRows } from '@/ui';

type Part = Exclude<keyof CarSaleSummary, 'carId' | 'keepCosts' | 'keepNotes'>;

/** The parts in the order a buyer reads them, each with its words (an ICU plural of `count`). */
const PARTS: ReadonlyArray<[Part, string]> = [
  ['logs', 'CAR_TRANSFER.SUMMARY_LOGS'],
  ['photos', 'CAR_TRANSFER.SUMMARY_PHOTOS'],
  ['receipts', 'CAR_TRANSFER.SUMMARY_RECEIPTS'],
  ['costs', 'CAR_TRANSFER.SUMMARY_COSTS'],
  ['notes', 'CAR_TRANSFER.SUMMARY_NOTES'],
  ['reminders', 'CAR_TRANSFER.SUMMARY_REMINDERS'],
  ['equipment', 'CAR_TRANSFER.SUMMARY_EQUIPMENT'],
  ['papers', 'CAR_TRANSFER.SUMMARY_PAPERS'],
  ['papersKept', 'CAR_TRANSFER.SUMMARY_PAPERS_KEPT'],
];

export function SaleSummaryList({
  summary,
  title,
  loading,
  failed,
}: {
  summary: CarSaleSummary | undefined;
  /** The heading ("What Bruno will receive", "What you will receive"). */
  title: string;
  loading: boolean;
  failed: boolean;
}) {
  const t = useT();
  return (
    <section className="sale-summary" aria-label={title} data-testid="sale-summary">
      <h3 className="sale-summary__title">{title}</h3>
      {summary ? (
        <ul className="sale-summary__list">
          {PARTS.map(([part, key]) => {
            // The papers' counts come from newer servers only.
            const counted = summary[part];
            if (!counted) return null;
            const { count, handedOver } = counted;
            const totals =
              part === 'costs' && handedOver
                ? Object.entries(summary.costs.total).map(([code, amount]) => formatMoney(amount, code))
                : [];
            return (
              <li
                key={part}
                className="sale-summary__item"
                data-handed-over={handedOver}
                data-testid={`sale-summary-${part}`}
              >
                <span className="sale-summary__mark" aria-hidden="true">
                  {handedOver ? <CheckIcon /> : <CloseIcon />}
                </span>
                <span>
                  {t(key, { count })}
                  {totals.length ? ` (${totals.join(', ')})` : null}
                  {' · '}
                  <strong>
                    {t(handedOver ? 'CAR_TRANSFER.SUMMARY_INCLUDED' : 'CAR_TRANSFER.SUMMARY_LEFT_OUT')}
                  </strong>
                </span>
              </li>
            );
          })}
        </ul>
      ) : failed ? (
        <Alert kind="error">{t('CAR_TRANSFER.SUMMARY_FAILED')}</Alert>
      ) : loading ? (
        <SkeletonRows count={3} label={t('CAR_TRANSFER.SUMMARY_LOADING')} />
      ) : null}
    </section>
  );
}

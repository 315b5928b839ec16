import { createFileRoute } from '@tanstack/react-router';
import { CarLogFormScreen, type LogPrefill } from '@/features/logbook/car-log-form-screen';
import { forgetShare, useSharedItem } from '@/features/share';
import { useT } from '@/lib/i18n';
import { Page } from '@/ui/page';
import { SkeletonRows } from '@/ui/skeleton';

type NewLogSearch = LogPrefill & { share?: string };

// ?type=&title=&mileage=: a reminder's "Done" pre-fills the new log (its type, its title, the
// odometer); ?share=: what another app shared (/share), its photos attached as the log's receipt,
// forgotten once the log is saved; anything else is left out.
export const Route = createFileRoute('/_authenticated/new-car-log/$carId')({
  validateSearch: (search: Record<string, unknown>): NewLogSearch => {
    const text = (value: unknown, max: number) =>
      typeof value === 'string' && value.trim() && value.length <= max ? value : undefined;
    const type = text(search.type, 64);
    const title = text(search.title, 200);
    const mileage = Number(search.mileage);
    const share =
      typeof search.share === 'string' && /^[\w-]{1,64}$/.test(search.share) ? search.share : undefined;
    return {
      ...(type ? { type } : {}),
      ...(title ? { title } : {}),
      ...(search.mileage !== undefined && Number.isInteger(mileage) && mileage >= 0 ? { mileage } : {}),
      ...(share ? { share } : {}),
    };
  },
  component: NewCarLogRoute,
});

function NewCarLogRoute() {
  const { carId } = Route.useParams();
  const { share, ...prefill } = Route.useSearch();
  if (share) return <SharedLogRoute key={share} carId={carId} prefill={prefill} shareId={share} />;
  return <CarLogFormScreen carId={carId} prefill={prefill} />;
}

/** The new log with the share's photos attached (and its words as the title when it has no other). */
function SharedLogRoute({
  carId,
  prefill,
  shareId,
}: {
  carId: string;
  prefill: LogPrefill;
  shareId: string;
}) {
  const t = useT();
  const item = useSharedItem(shareId);
  if (item === undefined)
    return (
      <Page title={t('CAR_LOGS.NEW_TITLE')}>
        <SkeletonRows count={2} label={t('CAR_LOGS.FORM_LOADING')} />
      </Page>
    );
  const title = item ? (item.title || item.text).split(/\r?\n/)[0]?.trim().slice(0, 200) : '';
  return (
    <CarLogFormScreen
      carId={carId}
      prefill={{
        ...(title && !prefill.title ? { title } : {}),
        ...prefill,
        ...(item ? { files: item.files, onSaved: () => forgetShare(item.id) } : {}),
      }}
    />
  );
}

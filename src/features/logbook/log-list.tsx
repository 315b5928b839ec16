import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  type LocalCar,
  type LocalCarLog,
  DEFAULT_MILEAGE_UNIT,
  useSettingsOptions,
  carPermissions,
} from '@/features/garage';
import { useT } from '@/lib/i18n';
import { Button, EmptyState, SkeletonRows, PlusIcon, SearchIcon, ButtonLink } from '@/ui';
import { CarAuthorsProvider } from '@/features/car-people';
import { settingLabel } from '@/lib/i18n/format';
import { LogFiltersBar, NO_FILTERS, type FilterValues, type TypeOption } from './components/log-filters-bar';
import { LogSummary } from './components/log-summary';
import { VirtualLogList } from './components/virtual-log-list';
import { applyLogFilters, hasActiveFilters, prepareSearch, sumCost } from './log-filters';
import './log-list.css';

/** Skeleton rows while the logs load (spec §9: skeleton rows 5). */
const SKELETON_ROWS = 5;

/** Options of the type filter: the settings' types, then any type only the logs know, by label. */
function useTypeOptions(logs: LocalCarLog[] | undefined): TypeOption[] {
  const t = useT();
  const settings = useSettingsOptions('carLogType');
  return useMemo(() => {
    const options = [...(settings ?? [])];
    const known = new Set(options.map((o) => o.key));
    for (const log of logs ?? []) {
      if (known.has(log.type)) continue;
      known.add(log.type);
      options.push({ key: log.type, label: settingLabel(t, 'carLogType', log.type) });
    }
    return options;
  }, [settings, logs, t]);
}

/**
 * A car's logbook: the filters bar, the count and cost of what it shows, and the logs (virtualised).
 * Filters live in this component: a new car (a new key) starts unfiltered.
 */
export function LogList({
  car,
  logs,
  firstPage,
  onNeedAll,
}: {
  car: LocalCar;
  logs: LocalCarLog[] | undefined;
  /**
   * The newest logs and the count, shown while the whole logbook is read: the sums need every row
   * (the summary says they are being counted), and reaching for the filters asks for the rest.
   */
  firstPage?: { logs: LocalCarLog[]; total: number };
  /**
   * Called when the member reaches for more than the first page (scrolls the page, touches or
   * focuses the list): the screen then reads the whole logbook at once rather than after a pause.
   */
  onNeedAll?: () => void;
}) {
  const t = useT();
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  // Typing stays immediate; the filtering of thousands of rows follows at React's pace.
  const applied = useDeferredValue(filters);
  const typeOptions = useTypeOptions(logs);
  const shown = useMemo(() => (logs ? applyLogFilters(logs, applied) : []), [logs, applied]);
  const cost = useMemo(() => sumCost(shown), [shown]);
  useEffect(() => (logs ? prepareSearch(logs) : undefined), [logs]);
  const { addFuelLog } = carPermissions(car);
  const onFirstPage = logs === undefined && firstPage !== undefined && firstPage.logs.length > 0;
  // The page scrolls, not the list (VirtualLogList): a scroll while only the first page is shown
  // asks for the rest.
  useEffect(() => {
    if (!onFirstPage || !onNeedAll) return;
    window.addEventListener('scroll', onNeedAll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onNeedAll);
  }, [onFirstPage, onNeedAll]);

  return (
    <CarAuthorsProvider car={car}>
      <section className="log-list" aria-labelledby={`log-list-${car.id}`}>
        <header className="log-list__header ui-flex ui-center ui-between ui-gap-3">
          <h2 id={`log-list-${car.id}`} className="log-list__title">
            {t('CAR_LOGS.TITLE')}
          </h2>
        </header>
        {onFirstPage || (logs !== undefined && logs.length > 0) ? (
          // One tree for the first page and the whole logbook: when the rest arrives, the rows, the
          // filters and the count stay where they were (a tap on a row is never lost to a redraw or
          // a shift). On the first page, reaching for the list or its filters asks for the rest.
          <div
            className="log-list__body"
            onPointerDown={onFirstPage ? onNeedAll : undefined}
            onFocus={onFirstPage ? onNeedAll : undefined}
            onWheel={onFirstPage ? onNeedAll : undefined}
          >
            <LogFiltersBar
              filters={filters}
              onChange={(next) => setFilters((current) => ({ ...current, ...next }))}
              typeOptions={typeOptions}
            />
            {onFirstPage ? (
              <LogSummary shown={firstPage.total} total={firstPage.total} cost={null} />
            ) : (
              <LogSummary shown={shown.length} total={logs?.length ?? 0} cost={cost} />
            )}
            {!onFirstPage && shown.length === 0 ? (
              <EmptyState
                title={t('CAR_LOGS.NO_MATCH_TITLE')}
                text={t('CAR_LOGS.NO_MATCH_TEXT')}
                icon={<SearchIcon />}
                action={
                  <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                    {t('CAR_LOGS.CLEAR_FILTERS')}
                  </Button>
                }
              />
            ) : (
              <>
                {!onFirstPage && hasActiveFilters(applied) ? (
                  <div className="log-list__clear">
                    <Button variant="ghost" size="small" onClick={() => setFilters(NO_FILTERS)}>
                      {t('CAR_LOGS.CLEAR_FILTERS')}
                    </Button>
                  </div>
                ) : null}
                <VirtualLogList
                  logs={onFirstPage ? firstPage.logs : shown}
                  total={onFirstPage ? firstPage.total : undefined}
                  mileageUnit={car.mileageUnit || DEFAULT_MILEAGE_UNIT}
                  label={t('CAR_LOGS.TITLE')}
                />
              </>
            )}
          </div>
        ) : logs === undefined ? (
          <SkeletonRows count={SKELETON_ROWS} label={t('CAR_LOGS.LOADING')} />
        ) : (
          <EmptyState
            title={t('CAR_LOGS.EMPTY_TITLE')}
            text={t('CAR_LOGS.EMPTY_TEXT')}
            icon={<PlusIcon />}
            action={
              addFuelLog ? (
                <ButtonLink to="/new-car-log/$carId" params={{ carId: car.id }} icon={<PlusIcon />}>
                  {t('CAR_LOGS.ADD_FIRST')}
                </ButtonLink>
              ) : undefined
            }
          />
        )}
      </section>
    </CarAuthorsProvider>
  );
}

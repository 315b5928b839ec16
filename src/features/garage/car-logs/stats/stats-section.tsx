import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { LocalCarLog } from '@/features/garage/data';
import { useT } from '@/lib/i18n';
import { Skeleton, ChartIcon, ChevronIcon } from '@/ui';
import './stats-section.css';

// The panel and its charts are a chunk of their own, fetched when the section is opened or scrolls
// near the viewport: members who never look at their stats never download them.
const loadPanel = () => import('./stats-panel');
const StatsPanel = lazy(loadPanel);

/** How far below the viewport the section starts fetching its chunk. */
const PREFETCH_MARGIN = '200px';

/** "Statistics": a collapsed section of the car's page; opening it shows computeStats of its logs. */
export function StatsSection({ logs, mileageUnit }: { logs: LocalCarLog[]; mileageUnit: string }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        loadPanel().catch(() => undefined); // a failed prefetch is retried by the lazy import on open
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={sectionRef} className="stats-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="stats-section__heading">
        <button
          type="button"
          className="stats-section__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
        >
          <ChartIcon />
          <span className="stats-section__label">{t('CAR_LOGS.STATS_TITLE')}</span>
          <span className="stats-section__chevron" data-open={open || undefined}>
            <ChevronIcon />
          </span>
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? (
          <Suspense
            fallback={
              <div className="stats-section__loading" role="status" aria-label={t('CAR_LOGS.STATS_LOADING')}>
                <Skeleton height="4rem" />
                <Skeleton height="10rem" />
              </div>
            }
          >
            <StatsPanel logs={logs} mileageUnit={mileageUnit} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

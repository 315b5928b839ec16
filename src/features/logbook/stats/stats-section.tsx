import { lazy, useEffect, useRef } from 'react';
import type { LocalCarLog } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { ChartIcon, CollapsibleSection } from '@/ui';

// The panel and its charts are a chunk of their own, fetched when the section is opened or scrolls
// near the viewport: members who never look at their stats never download them.
const loadPanel = () => import('./stats-panel');
const StatsPanel = lazy(loadPanel);

/** How far below the viewport the section starts fetching its chunk. */
const PREFETCH_MARGIN = '200px';

/** "Statistics": a collapsed section of the car's page; opening it shows computeStats of its logs. */
export function StatsSection({ logs, mileageUnit }: { logs: LocalCarLog[]; mileageUnit: string }) {
  const t = useT();
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
    <CollapsibleSection
      sectionRef={sectionRef}
      icon={<ChartIcon />}
      title={t('CAR_LOGS.STATS_TITLE')}
      loadingLabel={t('CAR_LOGS.STATS_LOADING')}
      skeletons={['4rem', '10rem']}
    >
      <StatsPanel logs={logs} mileageUnit={mileageUnit} />
    </CollapsibleSection>
  );
}

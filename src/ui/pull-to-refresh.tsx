import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useT } from '@/lib/i18n';
import { Button } from './button';
import { RefreshIcon } from './icons';
import { Spinner } from './spinner';

/** Pull distance (px, after damping) past which releasing starts a refresh. */
export const PULL_THRESHOLD_PX = 64;
const MAX_PULL_PX = 96;

type Phase = 'idle' | 'pulling' | 'refreshing';

/**
 * Touch: drag down from the top of the page and release. Keyboard and mouse: the refresh button.
 * The indicator stays until the promise from onRefresh settles (resolved or rejected).
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>('idle');
  const [distance, setDistance] = useState(0);
  const startY = useRef<number | null>(null);

  const refresh = () => {
    if (phase === 'refreshing') return;
    setPhase('refreshing');
    setDistance(0);
    void Promise.resolve()
      .then(onRefresh)
      .catch(() => undefined) // the caller reports its own errors; the indicator must end either way
      .finally(() => setPhase('idle'));
  };

  const onTouchStart = (e: TouchEvent) => {
    if (phase === 'refreshing' || window.scrollY > 0) return;
    startY.current = e.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (startY.current === null) return;
    const dy = (e.touches[0]?.clientY ?? startY.current) - startY.current;
    if (dy <= 0) return;
    setPhase('pulling');
    setDistance(Math.min(MAX_PULL_PX, dy / 2));
  };
  const onTouchEnd = () => {
    if (startY.current === null) return;
    startY.current = null;
    if (phase === 'pulling' && distance >= PULL_THRESHOLD_PX) refresh();
    else {
      setPhase('idle');
      setDistance(0);
    }
  };

  const height = phase === 'refreshing' ? 48 : phase === 'pulling' ? distance : 0;
  return (
    <div
      className="ui-ptr"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div className="ui-ptr__indicator" style={{ height }} aria-live="polite">
        {phase === 'refreshing' ? (
          <>
            <Spinner /> {t('COMMON.REFRESHING')}
          </>
        ) : phase === 'pulling' ? (
          t('COMMON.PULL_TO_REFRESH')
        ) : null}
      </div>
      <div className="ui-ptr__bar">
        <Button
          variant="ghost"
          size="small"
          icon={<RefreshIcon />}
          onClick={refresh}
          busy={phase === 'refreshing'}
        >
          {t('COMMON.REFRESH')}
        </Button>
      </div>
      {children}
    </div>
  );
}

import { useId } from 'react';
import { useT } from '@/lib/i18n';

export type Bar = { key: string; label: string; value: number };

/** viewBox units per bar; the bar fills 70% of its slot. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

/**
 * Vertical bars of equal slots (cost by month). The SVG stretches to the width it is given
 * (preserveAspectRatio none: it holds only rectangles, no text to distort); the axis labels are
 * HTML. Screen readers read the visually hidden table instead of the drawing.
 */
export function MonthChart({
  title,
  bars,
  format,
  labelHeader,
  valueHeader,
}: {
  title: string;
  bars: Bar[];
  format: (value: number) => string;
  labelHeader: string;
  valueHeader: string;
}) {
  const t = useT();
  const id = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const width = bars.length * SLOT;
  return (
    <figure className="stats-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="stats-chart__title">
        {title}
      </figcaption>
      <div className="stats-chart__plot" aria-hidden="true">
        <span className="stats-chart__max">{format(max)}</span>
        <svg
          className="stats-chart__svg"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          focusable="false"
          data-testid="month-chart"
        >
          <line className="stats-chart__axis" x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} />
          {bars.map((bar, i) => {
            // A non-zero amount stays visible however small next to the maximum.
            const height = max > 0 && bar.value > 0 ? Math.max(1.5, (bar.value / max) * (HEIGHT - 2)) : 0;
            return (
              <rect
                key={bar.key}
                className="stats-chart__bar"
                x={i * SLOT + (SLOT - BAR) / 2}
                y={HEIGHT - height}
                width={BAR}
                height={height}
                rx="1"
              >
                <title>{t('CAR_LOGS.STATS_BAR', { label: bar.label, amount: format(bar.value) })}</title>
              </rect>
            );
          })}
        </svg>
        <div className="stats-chart__ticks">
          <span>{bars[0]?.label}</span>
          <span>{bars.at(-1)?.label}</span>
        </div>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.label}</th>
              <td>{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

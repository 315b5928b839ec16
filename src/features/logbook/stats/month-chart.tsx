import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '@/lib/i18n';

/** One bar; `longLabel` (e.g. "March 2025") is what the read-out and the buttons say. */
export type Bar = { key: string; label: string; longLabel?: string; value: number };

/** What both bar charts draw: the bars, how an amount reads, the hidden table's column headers. */
export type ChartProps = {
  title: string;
  bars: Bar[];
  format: (value: number) => string;
  labelHeader: string;
  valueHeader: string;
};

/** The captioned figure both bar charts stand in (`id` ties the caption to it). */
export function ChartFigure({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <figure className="stats-chart ui-flex ui-column ui-gap-2" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="stats-chart__title">
        {title}
      </figcaption>
      {children}
    </figure>
  );
}

/** viewBox units per bar; the bar fills 70% of its slot. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

/**
 * Vertical bars of equal slots (cost by month). The SVG stretches to the width it is given
 * (preserveAspectRatio none: it holds only rectangles, no text to distort); the axis labels are
 * HTML. Over the drawing, one button per month: a tap, a click, the pointer or the arrow keys
 * choose a month and the read-out under the chart says its amount (hover tooltips do not exist
 * on touch). Screen readers also get the visually hidden table.
 */
export function MonthChart({ title, bars, format, labelHeader, valueHeader }: ChartProps) {
  const t = useT();
  const id = useId();
  const hitsRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const active = selected !== null && selected < bars.length ? selected : null;
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const width = bars.length * SLOT;
  const describe = (bar: Bar) =>
    t('CAR_LOGS.STATS_BAR', { label: bar.longLabel ?? bar.label, amount: format(bar.value) });

  const choose = (index: number, focus = false) => {
    setSelected(index);
    if (focus) hitsRef.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = bars.length - 1;
    const next =
      event.key === 'ArrowLeft'
        ? Math.max(0, index - 1)
        : event.key === 'ArrowRight'
          ? Math.min(last, index + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(next, true);
  };
  // One tab stop for the whole row (roving tabindex): the chosen month, else the latest.
  const tabStop = active ?? bars.length - 1;

  return (
    <ChartFigure id={id} title={title}>
      <div className="stats-chart__plot ui-flex ui-column ui-gap-1">
        <span className="stats-chart__max" aria-hidden="true">
          {format(max)}
        </span>
        <div className="stats-chart__area">
          <svg
            className="stats-chart__svg"
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            focusable="false"
            aria-hidden="true"
            data-testid="month-chart"
          >
            <line className="stats-chart__axis" x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} />
            {bars.map((bar, i) => {
              // A non-zero amount stays visible however small next to the maximum.
              const height = max > 0 && bar.value > 0 ? Math.max(1.5, (bar.value / max) * (HEIGHT - 2)) : 0;
              return (
                <rect
                  key={bar.key}
                  className={i === active ? 'stats-chart__bar stats-chart__bar--active' : 'stats-chart__bar'}
                  x={i * SLOT + (SLOT - BAR) / 2}
                  y={HEIGHT - height}
                  width={BAR}
                  height={height}
                  rx="1"
                />
              );
            })}
          </svg>
          <div ref={hitsRef} className="stats-chart__hits" role="group" aria-label={title}>
            {bars.map((bar, i) => (
              <button
                key={bar.key}
                type="button"
                className="stats-chart__hit"
                aria-label={describe(bar)}
                aria-pressed={i === active}
                aria-controls={`${id}-readout`}
                tabIndex={i === tabStop ? 0 : -1}
                onClick={() => choose(i)}
                onPointerEnter={(event) => {
                  if (event.pointerType === 'mouse') choose(i);
                }}
                onKeyDown={(event) => onKeyDown(event, i)}
              />
            ))}
          </div>
        </div>
        <div className="stats-chart__ticks" aria-hidden="true">
          <span>{bars[0]?.label}</span>
          <span>{bars.at(-1)?.label}</span>
        </div>
        <p
          id={`${id}-readout`}
          className="stats-chart__readout"
          aria-live="polite"
          data-testid="month-readout"
        >
          {active !== null && bars[active] ? describe(bars[active]) : t('CAR_LOGS.STATS_BAR_HINT')}
        </p>
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
    </ChartFigure>
  );
}

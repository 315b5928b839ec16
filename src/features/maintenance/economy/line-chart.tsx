import { useId } from 'react';
import type { Point } from './economy-model';

const WIDTH = 100;
const HEIGHT = 50;
/** Room above and below the line so that its dots are not cut off. */
const PAD = 3;

/**
 * A value over time, drawn by hand like the month chart (no chart library in the bundle): one line,
 * a dot per point, an optional dashed reference (the average). The SVG stretches to its width
 * (preserveAspectRatio none, strokes kept thin by non-scaling-stroke; the dots are zero-length
 * round-capped lines, so they stay round). Axis labels are HTML; the drawing is hidden from screen
 * readers, which read `summary` (and the table the caller shows).
 */
export function LineChart({
  title,
  summary,
  points,
  format,
  formatX,
  reference,
  testId,
}: {
  title: string;
  summary: string;
  points: Point[];
  format: (value: number) => string;
  formatX: (point: Point) => string;
  reference?: number | null;
  testId?: string;
}) {
  const id = useId();
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const ys = points.map((p) => p.y);
  if (reference !== null && reference !== undefined) ys.push(reference);
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const span = max - min || Math.abs(max) || 1;
  const xSpan = last.x - first.x || 1;
  const x = (value: number) => (points.length === 1 ? WIDTH / 2 : ((value - first.x) / xSpan) * WIDTH);
  const y = (value: number) => PAD + (1 - (value - min) / span) * (HEIGHT - 2 * PAD);
  const line = points.map((p) => `${x(p.x).toFixed(2)},${y(p.y).toFixed(2)}`).join(' ');

  return (
    <figure className="line-chart" aria-labelledby={`${id}-title`} data-testid={testId}>
      <figcaption id={`${id}-title`} className="line-chart__title">
        {title}
      </figcaption>
      <p className="visually-hidden">{summary}</p>
      <div className="line-chart__plot" aria-hidden="true">
        <div className="line-chart__scale ui-flex ui-column ui-between">
          <span>{format(max)}</span>
          <span>{format(min)}</span>
        </div>
        <svg
          className="line-chart__svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          focusable="false"
        >
          <line className="line-chart__axis" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
          {reference !== null && reference !== undefined ? (
            <line className="line-chart__reference" x1="0" x2={WIDTH} y1={y(reference)} y2={y(reference)} />
          ) : null}
          <polyline className="line-chart__line" points={line} />
          {points.length <= 60
            ? points.map((p, i) => (
                <line key={i} className="line-chart__dot" x1={x(p.x)} x2={x(p.x)} y1={y(p.y)} y2={y(p.y)} />
              ))
            : null}
        </svg>
      </div>
      <div className="line-chart__ticks" aria-hidden="true">
        <span>{formatX(first)}</span>
        {points.length > 1 ? <span>{formatX(last)}</span> : null}
      </div>
    </figure>
  );
}

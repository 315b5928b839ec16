import { useId } from 'react';
import { ChartFigure, type ChartProps } from './month-chart';

/**
 * Horizontal bars, one row per log type, largest first: a real table (type, bar, amount), so it
 * reads the same to everyone; the SVG bar in each row is decoration.
 */
export function TypeChart({ title, bars, format, labelHeader, valueHeader }: ChartProps) {
  const id = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ChartFigure id={id} title={title}>
      <table className="stats-types" data-testid="type-chart">
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{labelHeader}</th>
            <td />
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row" className="stats-types__label">
                {bar.label}
              </th>
              <td className="stats-types__bar" aria-hidden="true">
                <svg viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
                  <rect
                    className="stats-chart__bar"
                    x="0"
                    y="0"
                    height="10"
                    width={max > 0 ? Math.max(bar.value > 0 ? 1 : 0, (bar.value / max) * 100) : 0}
                  />
                </svg>
              </td>
              <td className="stats-types__value">{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChartFigure>
  );
}

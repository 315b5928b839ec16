import type { CSSProperties } from 'react';

export function Skeleton({
  width = '100%',
  height = '1rem',
  round,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  round?: boolean;
}) {
  return (
    <span
      className="ui-skeleton"
      aria-hidden="true"
      style={{ width, height, borderRadius: round ? '50%' : undefined }}
    />
  );
}

/** `count` placeholder rows (avatar + two lines), announced once as loading. */
export function SkeletonRows({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul className="ui-skeleton-rows" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="ui-skeleton-row" data-testid="skeleton-row">
            <Skeleton width="2.75rem" height="2.75rem" round />
            <span className="ui-skeleton-row__lines">
              <Skeleton width="55%" height="0.9rem" />
              <Skeleton width="35%" height="0.75rem" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import './count-badge.css';

/**
 * A small count beside a navigation link (its link needs position: relative). The link's name
 * gets the spoken `label` from the visually hidden text; nothing shows at 0.
 */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" data-testid={testId}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

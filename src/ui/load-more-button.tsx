// The foot of a list that pages on demand: one "Load more" button, busy while the next page loads.
import { Button } from './button';

export function LoadMoreButton({
  className,
  busy,
  label,
  onLoadMore,
}: {
  /** The footer's own class: each list spaces its footer its way. */
  className: string;
  busy: boolean;
  /** What the button says, "Loading…" while busy. */
  label: string;
  onLoadMore: () => unknown;
}) {
  return (
    <div className={className}>
      <Button variant="secondary" busy={busy} onClick={() => void onLoadMore()}>
        {label}
      </Button>
    </div>
  );
}

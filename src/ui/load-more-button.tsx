// The foot of a list that pages on demand: one "Load more" button, busy while the next page loads,
// nothing once the list is whole.
import { Button } from './button';

export function LoadMoreButton({
  more,
  className,
  busy,
  label,
  onLoadMore,
}: {
  /** The server has more: without it the footer renders nothing. */
  more: boolean;
  /** The footer's own class: each list spaces its footer its way. */
  className: string;
  busy: boolean;
  /** What the button says, "Loading…" while busy. */
  label: string;
  onLoadMore: () => unknown;
}) {
  if (!more) return null;
  return (
    <div className={className}>
      <Button variant="secondary" busy={busy} onClick={() => void onLoadMore()}>
        {label}
      </Button>
    </div>
  );
}

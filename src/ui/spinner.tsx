/** A decorative spinner; pair it with visible or accessible text saying what is loading. */
export function Spinner({ label }: { label?: string }) {
  if (label) return <span className="ui-spinner" role="status" aria-label={label} />;
  return <span className="ui-spinner" aria-hidden="true" />;
}

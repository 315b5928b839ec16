// How the car, log and reminder forms end: cancel (back to the garage) and save, which says it is
// saving while the write runs. The forms keep their own wrapper (the log form adds "Delete").
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui';

export function CancelAndSave({
  saving,
  labels,
}: {
  saving: boolean;
  /** Catalog keys of the cancel link and of the save button, idle and busy. */
  labels: { cancel: string; save: string; saving: string };
}) {
  const t = useT();
  return (
    <>
      <Link to="/my-cars" className="ui-button ui-button--ghost">
        {t(labels.cancel)}
      </Link>
      <Button type="submit" busy={saving}>
        {t(saving ? labels.saving : labels.save)}
      </Button>
    </>
  );
}

// The Garage tab's badge: how many reminders are overdue or soon, on this device. Entry-safe like
// the unread badges: Dexie and the garage's data layer load once the shell has settled. The app's
// own (the app composes the features): it loads the two modules it reads, not the garage's index,
// which brings the garage's forms, hooks and writes to every signed-in screen.
import { useFollowedCount, type FollowCount } from '@/lib/offline/followed-count';
import { useT } from '@/lib/i18n';
import { CountBadge } from '@/ui/count-badge';
import { reportUnlessClosed } from '@/lib/db/closed';

const followDue: FollowCount = async (listener) => {
  const [{ liveQuery }, { localDb }, { readDueCount }, { syncReminders }] = await Promise.all([
    import('dexie'),
    import('@/lib/db'),
    import('@/features/garage/data/reminders-reads'),
    import('@/features/garage/data/reminders-sync'),
  ]);
  const database = await localDb();
  const subscription = liveQuery(() => readDueCount(database)).subscribe({
    next: listener,
    error: reportUnlessClosed('due reminders count unavailable'),
  });
  void syncReminders(undefined, database).catch(() => undefined); // offline: the rows kept here count
  return () => subscription.unsubscribe();
};

export function useDueRemindersCount(): number {
  return useFollowedCount(followDue, 'due reminders count');
}

/** Overdue and soon reminders as a small badge beside the Garage link; nothing at 0. */
export function GarageDueBadge() {
  const t = useT();
  const count = useDueRemindersCount();
  return <CountBadge count={count} label={t('REMINDERS.DUE_BADGE', { count })} testId="garage-due-badge" />;
}

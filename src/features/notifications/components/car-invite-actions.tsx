// A car invitation's answer in its row, as a friend request is answered: Accept brings
// the car into my garage (the buttons go once it is there), Decline removes the invitation and
// its notification. Online only: the server decides whether the invitation still waits.
import { useState } from 'react';
import type { Notification } from '@/contract/notifications';
import { answerCarInvite, useCar } from '@/features/garage';
import { ApiError } from '@/lib/http/api-client';
import { errorKeyFor } from '@/lib/http/api-error-catalogue';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { Button } from '@/ui';
import { useDeleteNotification } from '../api/delete-notification';
import { useMarkNotificationRead } from '../api/mark-notification-read';

export function CarInviteActions({ notification }: { notification: Notification }) {
  const t = useT();
  const online = useOnline();
  const carId = (notification.jsonPayload as Record<string, unknown>).relatedCarId;
  const id = typeof carId === 'string' ? carId : undefined;
  const car = useCar(id);
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [answered, setAnswered] = useState(false);
  // Loading, or the car is in my garage already (accepted here or on another device).
  if (!id || car !== null || answered) return null;

  async function answer(action: 'accept' | 'decline') {
    if (!id) return;
    setBusy(action);
    try {
      await answerCarInvite(id, action);
      setAnswered(true);
      toast.show({
        kind: 'success',
        message: t(
          action === 'accept' ? 'NOTIFICATIONS.CAR_INVITE_ACCEPTED' : 'NOTIFICATIONS.CAR_INVITE_DECLINED',
        ),
      });
      if (action === 'accept') {
        if (!notification.isRead) markRead.mutate(notification.id);
      } else remove.mutate(notification.id);
    } catch (error) {
      const key = error instanceof ApiError ? errorKeyFor(error.status, error.code) : undefined;
      toast.show({ kind: 'error', message: t(key ?? 'ERRORS.GENERIC') });
      // Withdrawn or declined already: nothing is left to answer.
      if (error instanceof ApiError && error.status === 404) remove.mutate(notification.id);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="notification__answer" data-testid="car-invite-actions">
      <Button
        size="small"
        busy={busy === 'accept'}
        disabled={!online || busy !== null}
        onClick={() => void answer('accept')}
      >
        {t('NOTIFICATIONS.CAR_INVITE_ACCEPT')}
      </Button>
      <Button
        variant="secondary"
        size="small"
        busy={busy === 'decline'}
        disabled={!online || busy !== null}
        onClick={() => void answer('decline')}
      >
        {t('NOTIFICATIONS.CAR_INVITE_DECLINE')}
      </Button>
    </div>
  );
}

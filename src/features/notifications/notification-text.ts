// The sentence a notification row reads: who ({name}) did what ({excerpt}), in the member's language.
import type { Notification } from '@/contract/notifications';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { useCar } from '@/features/garage';
import { useMemberName } from './api/get-member-name';
import { describeNotification, namesCar, type NotificationContent } from './notification-content';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The text from the content and what is known of the actor and the car (pure: tested per type). */
export function notificationText(
  t: Translate,
  content: NotificationContent,
  known: { name?: string | null; carName?: string | null },
): string {
  const name = known.name || t('NOTIFICATIONS.SOMEONE');
  const excerpt = content.excerpt ?? (namesCar(content) ? known.carName : null);
  // A car invitation says with which role: "… as a driver".
  const role = content.role ? t(`CARS.ROLE_${content.role.toUpperCase()}`).toLowerCase() : undefined;
  const values = role ? { name, role } : { name };
  return excerpt && content.excerptKey
    ? t(content.excerptKey, { ...values, excerpt })
    : t(content.key, values);
}

/** The car as the garage names it: its nickname, else make and model. */
const carName = (car: { nickname: string | null; make: string; model: string } | null | undefined) =>
  car ? car.nickname?.trim() || `${car.make} ${car.model}`.trim() || null : null;

/** A row's content and text: the actor the server joined, else the member's name asked for. */
export function useNotificationText(notification: Notification): {
  content: NotificationContent;
  text: string;
} {
  const t = useT();
  const content = describeNotification(notification);
  const actor = notification.actor ? displayName(notification.actor) : null;
  const looked = useMemberName(actor ? null : content.memberId);
  const car = useCar(namesCar(content) ? (content.carId ?? undefined) : undefined);
  return { content, text: notificationText(t, content, { name: actor ?? looked, carName: carName(car) }) };
}

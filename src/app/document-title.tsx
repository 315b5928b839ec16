// Every screen's tab title: the route's name, and the unread notifications, messages and chat
// messages once signed in ("(3) Messages · Paddock"), and the installed app's icon badge. One
// component at the root, mapping route ids to names, so that screens need not each remember to set it.
import { useMatches } from '@tanstack/react-router';
import { useChatUnreadCount } from '@/features/chat/unread-badge';
import { useMessagesUnreadCount } from '@/features/messages/unread-badge';
import { useNotificationBell } from '@/features/notifications/use-notification-bell';
import { useAppBadge } from '@/lib/device/app-badge';
import { useSession } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/navigation/document-title';
import { useT } from '@/lib/i18n';

/** Route id → the key of its name; a route missing here shows "Paddock" alone. */
export const SCREEN_TITLES: Record<string, string> = {
  '/login': 'TITLES.LOGIN',
  '/signup': 'TITLES.SIGNUP',
  '/forgot-password': 'TITLES.FORGOT_PASSWORD',
  '/reset-password': 'TITLES.RESET_PASSWORD',
  '/auth/callback': 'TITLES.SIGNING_IN',
  '/legal/$type': 'TITLES.LEGAL',
  '/_authenticated/feed': 'TITLES.FEED',
  '/_authenticated/create-post': 'TITLES.NEW_POST',
  '/_authenticated/edit-post/$id': 'TITLES.EDIT_POST',
  '/_authenticated/post/$id': 'TITLES.POST',
  '/_authenticated/my-cars': 'TITLES.GARAGE',
  '/_authenticated/car/$id/': 'TITLES.CAR',
  '/_authenticated/car/$id/logbook': 'TITLES.CAR_LOGBOOK',
  '/_authenticated/car/$id/fuel': 'TITLES.CAR_FUEL',
  '/_authenticated/car/$id/reminders': 'TITLES.CAR_REMINDERS',
  '/_authenticated/car/$id/papers': 'TITLES.CAR_PAPERS',
  '/_authenticated/car/$id/history': 'TITLES.CAR_HISTORY',
  '/_authenticated/car/$id/people': 'TITLES.CAR_PEOPLE',
  '/_authenticated/create-car': 'TITLES.NEW_CAR',
  '/_authenticated/edit-car/$id': 'TITLES.EDIT_CAR',
  '/_authenticated/new-car-log/$carId': 'TITLES.NEW_LOG',
  '/_authenticated/edit-car-log/$carId/$logId': 'TITLES.EDIT_LOG',
  '/_authenticated/my-cars_/$carId/reminders/new': 'TITLES.NEW_REMINDER',
  '/_authenticated/my-cars_/$carId/reminders/$reminderId': 'TITLES.EDIT_REMINDER',
  '/_authenticated/messages': 'TITLES.MESSAGES',
  '/_authenticated/message/$id': 'TITLES.MESSAGE',
  '/_authenticated/compose-message': 'TITLES.NEW_MESSAGE',
  '/_authenticated/my-chat-groups': 'TITLES.CHAT',
  '/_authenticated/chat/$roomId': 'TITLES.CHAT',
  '/_authenticated/chat/with/$userId': 'TITLES.CHAT',
  '/_authenticated/chat-group/$id': 'TITLES.CHAT_GROUP',
  '/_authenticated/create-chat-group': 'TITLES.NEW_CHAT_GROUP',
  '/_authenticated/friends': 'TITLES.FRIENDS',
  '/_authenticated/search': 'TITLES.SEARCH',
  '/_authenticated/people/$id': 'TITLES.PERSON',
  '/_authenticated/profile': 'TITLES.PROFILE',
  '/_authenticated/edit-profile': 'TITLES.EDIT_PROFILE',
  '/_authenticated/notifications': 'TITLES.NOTIFICATIONS',
  '/_authenticated/files': 'TITLES.FILES',
  '/_authenticated/moderation': 'TITLES.MODERATION',
  '/_authenticated/settings': 'TITLES.SETTINGS',
  '/_authenticated/share': 'TITLES.SHARE',
};

function useScreenTitle(): string | null {
  const t = useT();
  const routeId = useMatches({ select: (matches) => matches.at(-1)?.routeId as string | undefined });
  const key = routeId ? SCREEN_TITLES[routeId] : undefined;
  return key ? t(key) : null;
}

function SignedInTitle() {
  const { unreadCount } = useNotificationBell();
  const messages = useMessagesUnreadCount();
  const unread = unreadCount + messages + useChatUnreadCount();
  useDocumentTitle(useScreenTitle(), unread);
  // The icon's badge counts what each push's app_badge counts: notifications and private messages.
  useAppBadge(unreadCount + messages);
  return null;
}

function SignedOutTitle() {
  useDocumentTitle(useScreenTitle());
  useAppBadge(0);
  return null;
}

export function DocumentTitle() {
  const { status } = useSession();
  return status === 'signedIn' ? <SignedInTitle /> : <SignedOutTitle />;
}

import type { ComponentType } from 'react';
import { BellIcon, CarIcon, ChatIcon, FeedIcon, MailIcon, UsersIcon, CommentIcon, WrenchIcon } from '@/ui';
import type { NotificationKind } from '../notification-content';

const ICONS: Record<NotificationKind, ComponentType> = {
  message: MailIcon,
  friend: UsersIcon,
  car: CarIcon,
  carLog: WrenchIcon,
  post: FeedIcon,
  comment: CommentIcon,
  chat: ChatIcon,
  other: BellIcon,
};

/** A round, tinted badge per kind (notifications.css colours it). */
export function NotificationIcon({ kind }: { kind: NotificationKind }) {
  const Glyph = ICONS[kind];
  return (
    <span className={`notification__icon notification__icon--${kind}`} data-kind={kind} aria-hidden="true">
      <Glyph />
    </span>
  );
}

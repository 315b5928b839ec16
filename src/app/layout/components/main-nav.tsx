import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { ChatUnreadBadge } from '@/features/chat/unread-badge';
import { GarageDueBadge } from './garage-due-badge';
import { MessagesUnreadBadge } from '@/features/messages/unread-badge';
import { useT } from '@/lib/i18n';
import { CarIcon, ChatIcon, FeedIcon, MailIcon, UserIcon, UsersIcon } from '@/ui/icons';

type Item = {
  to: '/feed' | '/my-cars' | '/my-chat-groups' | '/messages' | '/friends' | '/profile';
  labelKey: string;
  Icon: ComponentType;
};

const ITEMS: Item[] = [
  { to: '/feed', labelKey: 'NAV.FEED', Icon: FeedIcon },
  { to: '/my-cars', labelKey: 'NAV.GARAGE', Icon: CarIcon },
  { to: '/my-chat-groups', labelKey: 'NAV.CHAT', Icon: ChatIcon },
  { to: '/messages', labelKey: 'NAV.MESSAGES', Icon: MailIcon },
  { to: '/friends', labelKey: 'NAV.FRIENDS', Icon: UsersIcon },
  { to: '/profile', labelKey: 'NAV.PROFILE', Icon: UserIcon },
];

/** Bottom tab bar on narrow screens, side bar on wide ones (layout.css); one element, one order. */
export function MainNav() {
  const t = useT();
  return (
    <nav className="layout__nav" aria-label={t('NAV.MAIN')}>
      <ul>
        {ITEMS.map(({ to, labelKey, Icon }) => (
          <li key={to}>
            <Link to={to} className="layout__nav-link" activeProps={{ 'aria-current': 'page' }}>
              <Icon />
              <span>{t(labelKey)}</span>
              {to === '/messages' ? <MessagesUnreadBadge /> : null}
              {to === '/my-chat-groups' ? <ChatUnreadBadge /> : null}
              {to === '/my-cars' ? <GarageDueBadge /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

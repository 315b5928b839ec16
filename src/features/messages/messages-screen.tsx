// Spec §2 messages: my folders (inbox, sent) with the unread badge, an unread-only filter,
// pull-to-refresh, skeletons, empty states and "load more". Reads Dexie first, so it renders
// offline; the server refreshes it in the background and live messages arrive by the socket. A line
// says what a message is (a subject and folders, like mail) and leads to Chat (live).
import { Link } from '@tanstack/react-router';
import { useId, useRef, type KeyboardEvent } from 'react';
import { MESSAGE_FOLDERS, type MessageFolder } from '@/contract/constants';
import { useLocale, useT } from '@/lib/i18n';
import { RefreshHint, EmptyState, MailIcon, Page, PullToRefresh, SkeletonRows, EditIcon } from '@/ui';
import { LoadMoreButton } from '@/ui/load-more-button';
import { MessageRow } from './components/message-row';
import { useFolder, useUnreadCount } from './data';
import './messages.css';

/** Spec §9: skeleton rows 5. */
export const MESSAGES_SKELETON_ROWS = 5;

const EMPTY: Record<MessageFolder, Record<'all' | 'unread', [string, string]>> = {
  inbox: {
    all: ['MESSAGES.EMPTY_INBOX', 'MESSAGES.EMPTY_INBOX_TEXT'],
    unread: ['MESSAGES.EMPTY_UNREAD', 'MESSAGES.EMPTY_UNREAD_TEXT'],
  },
  sent: {
    all: ['MESSAGES.EMPTY_SENT', 'MESSAGES.EMPTY_SENT_TEXT'],
    unread: ['MESSAGES.EMPTY_SENT_UNREAD', 'MESSAGES.EMPTY_SENT_UNREAD_TEXT'],
  },
};

const FOLDER_LABEL: Record<MessageFolder, string> = {
  inbox: 'MESSAGES.FOLDER_INBOX',
  sent: 'MESSAGES.FOLDER_SENT',
};

export interface MessagesScreenProps {
  folder: MessageFolder;
  unreadOnly: boolean;
  onChange: (next: { folder: MessageFolder; unreadOnly: boolean }) => void;
}

export function MessagesScreen({ folder, unreadOnly, onChange }: MessagesScreenProps) {
  const t = useT();
  useLocale(); // dates follow the locale
  const ids = useId();
  const { view, loading, hasMore, loadingMore, error, refresh, loadMore } = useFolder(folder, unreadOnly);
  const unread = useUnreadCount() ?? 0;
  const [emptyTitle, emptyText] = EMPTY[folder][unreadOnly ? 'unread' : 'all'];
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = MESSAGE_FOLDERS.indexOf(folder);
    const next = MESSAGE_FOLDERS[(index + (event.key === 'ArrowRight' ? 1 : -1) + 2) % 2]!;
    onChange({ folder: next, unreadOnly });
    tabs.current[next]?.focus();
  };

  return (
    <Page
      title={t('MESSAGES.TITLE')}
      actions={
        <Link to="/compose-message" className="ui-button ui-button--primary ui-button--small">
          <EditIcon />
          {t('MESSAGES.COMPOSE')}
        </Link>
      }
    >
      <div className="messages">
        <p className="messages__about">
          {t('MESSAGES.ABOUT')} <Link to="/my-chat-groups">{t('MESSAGES.ABOUT_CHAT')}</Link>
        </p>
        <div className="messages__bar ui-flex ui-wrap ui-center ui-between ui-gap-3">
          <div
            role="tablist"
            aria-label={t('MESSAGES.FOLDERS')}
            className="messages__tabs"
            onKeyDown={onTabKey}
          >
            {MESSAGE_FOLDERS.map((name) => (
              <button
                key={name}
                ref={(el) => {
                  tabs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`${ids}-tab-${name}`}
                aria-selected={folder === name}
                aria-controls={`${ids}-panel`}
                tabIndex={folder === name ? 0 : -1}
                className="messages__tab"
                onClick={() => onChange({ folder: name, unreadOnly })}
              >
                {t(FOLDER_LABEL[name])}
                {name === 'inbox' && unread > 0 ? (
                  <span className="ui-unread-pill" data-testid="inbox-unread">
                    <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                    <span className="visually-hidden">{t('MESSAGES.UNREAD_COUNT', { count: unread })}</span>
                  </span>
                ) : null}
              </button>
            ))}
          </div>
          <label className="messages__filter">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(event) => onChange({ folder, unreadOnly: event.target.checked })}
            />
            {t('MESSAGES.UNREAD_ONLY')}
          </label>
        </div>
        <PullToRefresh onRefresh={refresh}>
          <div
            role="tabpanel"
            id={`${ids}-panel`}
            aria-labelledby={`${ids}-tab-${folder}`}
            className="messages__panel"
          >
            <RefreshHint
              error={error}
              className="messages__hint"
              offline={t('MESSAGES.OFFLINE_DATA')}
              failed={t('MESSAGES.REFRESH_FAILED')}
            />
            {loading || !view ? (
              <SkeletonRows count={MESSAGES_SKELETON_ROWS} label={t('MESSAGES.LOADING')} />
            ) : view.messages.length === 0 ? (
              <EmptyState
                title={t(emptyTitle)}
                text={t(emptyText)}
                icon={<MailIcon />}
                action={
                  folder === 'sent' && !unreadOnly ? (
                    <Link to="/compose-message" className="ui-button ui-button--primary">
                      {t('MESSAGES.COMPOSE_FIRST')}
                    </Link>
                  ) : undefined
                }
              />
            ) : (
              <>
                <ul className="messages__list ui-flex ui-column ui-bare-list">
                  {view.messages.map((message) => (
                    <li key={message.id}>
                      <MessageRow message={message} />
                    </li>
                  ))}
                </ul>
                <LoadMoreButton
                  more={hasMore}
                  className="messages__more"
                  busy={loadingMore}
                  label={t(loadingMore ? 'MESSAGES.LOADING_MORE' : 'MESSAGES.LOAD_MORE')}
                  onLoadMore={loadMore}
                />
              </>
            )}
          </div>
        </PullToRefresh>
      </div>
    </Page>
  );
}

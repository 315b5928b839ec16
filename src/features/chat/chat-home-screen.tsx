// Spec §2 my-chat-groups: my conversations, direct and group, newest activity first, each with its
// last message and unread badge; "New chat" (a friend from the recipient modal) and "New group".
// A line says what chat is for (live) and leads to Messages (a subject and folders, like mail).
// Reads Dexie first, so it renders offline; the server refreshes it and live events follow.
import { Link } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session';
import { useLocale, useT } from '@/lib/i18n';
import { ChatIcon, RefreshHint, EmptyState, Page, PullToRefresh, SkeletonRows, UsersIcon } from '@/ui';
import { LoadMoreButton } from '@/ui/load-more-button';
import { NewChatButton } from './components/new-chat-button';
import { RoomRow } from './components/room-row';
import { useRoomList } from './data';
import './chat.css';

/** Spec §9: skeleton rows 5. */
export const CHAT_SKELETON_ROWS = 5;

export function ChatHomeScreen() {
  const t = useT();
  useLocale(); // times follow the locale
  const meId = useSession().user?.id;
  const { view, loading, hasMore, loadingMore, error, refresh, loadMore } = useRoomList();
  return (
    <Page
      title={t('CHAT.TITLE')}
      actions={
        <div className="chat-actions">
          <NewChatButton />
          <Link to="/create-chat-group" className="ui-button ui-button--secondary ui-button--small">
            <UsersIcon />
            {t('CHAT.NEW_GROUP')}
          </Link>
        </div>
      }
    >
      <PullToRefresh onRefresh={refresh}>
        <div className="chat-home">
          <p className="chat-about">
            {t('CHAT.ABOUT')} <Link to="/messages">{t('CHAT.ABOUT_MESSAGES')}</Link>
          </p>
          <RefreshHint
            error={error}
            className="chat-hint"
            offline={t('CHAT.OFFLINE_DATA')}
            failed={t('CHAT.REFRESH_FAILED')}
          />
          {loading || !view ? (
            <SkeletonRows count={CHAT_SKELETON_ROWS} label={t('CHAT.LOADING_ROOMS')} />
          ) : view.rooms.length === 0 ? (
            <EmptyState
              icon={<ChatIcon />}
              title={t('CHAT.EMPTY_ROOMS')}
              text={t('CHAT.EMPTY_ROOMS_TEXT')}
              action={
                <div className="chat-actions">
                  <NewChatButton />
                  <Link to="/create-chat-group" className="ui-button ui-button--secondary ui-button--small">
                    {t('CHAT.CREATE_GROUP_ACTION')}
                  </Link>
                </div>
              }
            />
          ) : (
            <>
              <ul className="chat-rooms ui-flex ui-column ui-gap-1 ui-bare-list" aria-label={t('CHAT.ROOMS')}>
                {view.rooms.map((room) => (
                  <li key={room.id}>
                    <RoomRow room={room} meId={meId} />
                  </li>
                ))}
              </ul>
              <LoadMoreButton
                more={hasMore}
                className="chat-more"
                busy={loadingMore}
                label={t(loadingMore ? 'CHAT.LOADING_MORE' : 'CHAT.LOAD_MORE')}
                onLoadMore={loadMore}
              />
            </>
          )}
        </div>
      </PullToRefresh>
    </Page>
  );
}

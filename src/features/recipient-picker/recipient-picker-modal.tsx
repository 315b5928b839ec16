// The recipient-choosing modal (spec §2, §4, §8, §9): title, close button, a search box with a
// clear button (300 ms debounce), the friends list (page 1 of 50, then 50 more as it scrolls) with
// five skeleton rows while loading, the no-friends and no-search-results empty states,
// pull-to-refresh whose indicator ends after 500 ms. A search also asks the server for the friends
// not loaded yet; a list that could not be loaded says so, with a retry. A tap answers
// { user, cancelled: false }; closing answers { cancelled: true }.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Friend } from '@/contract/people';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import {
  AlertIcon,
  Button,
  CloseIcon,
  EmptyState,
  Modal,
  ModalHeader,
  PullToRefresh,
  SkeletonRows,
  UsersIcon,
  LocationIcon,
  SearchIcon,
} from '@/ui';
import { REFRESH_INDICATOR_MS, SEARCH_DEBOUNCE_MS, SKELETON_ROWS } from './constants';
import { usernameLine } from './filter-friends';
import { RecipientAvatar } from './recipient-avatar';
import { useRecipientFriends } from './use-recipient-friends';
import './recipient-picker.css';

export type RecipientChoice = { user: Friend; cancelled: false } | { user?: undefined; cancelled: true };

/** The search text, applied SEARCH_DEBOUNCE_MS after the last keystroke. */
function useDebounced(value: string, delayMs: number): [string, (now: string) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return [settled, setSettled];
}

export function RecipientPickerModal({
  onDismiss,
  noFriendsAction,
  title,
}: {
  onDismiss: (choice: RecipientChoice) => void;
  /** The heading, when the friend is picked for something else than a message (a car's buyer). */
  title?: string;
  /** What the no-friends empty state offers (e.g. a link to the friends screen). */
  noFriendsAction?: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const searchId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [term, applyNow] = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const friends = useRecipientFriends(term);
  const { shown, reload } = friends;
  const cancel = () => onDismiss({ cancelled: true });

  const refresh = () => {
    void reload();
    // Spec §2: the indicator ends after 500 ms, whatever the list is doing.
    return new Promise<void>((resolve) => setTimeout(resolve, REFRESH_INDICATOR_MS));
  };

  const clear = () => {
    setSearch('');
    applyNow(''); // clearing is not typing: everyone shows at once
    input.current?.focus();
  };

  return (
    <Modal labelledBy={titleId} onClose={cancel} className="recipient-picker">
      <ModalHeader
        titleId={titleId}
        title={title ?? t('MESSAGES.SELECT_RECIPIENT')}
        closeLabel={t('COMMON.CLOSE')}
        onClose={cancel}
        className="recipient-picker__header ui-flex ui-center ui-between ui-gap-2"
        closeClassName="recipient-picker__close"
      />
      <div className="recipient-picker__search" role="search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('MESSAGES.SEARCH_FRIENDS')}
        </label>
        <SearchIcon />
        <input
          ref={input}
          id={searchId}
          type="search"
          className="ui-input recipient-picker__input"
          placeholder={t('MESSAGES.SEARCH_FRIENDS')}
          autoComplete="off"
          data-autofocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {search ? (
          <button
            type="button"
            className="recipient-picker__clear"
            aria-label={t('RECIPIENTS.CLEAR_SEARCH')}
            onClick={clear}
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
      <PullToRefresh onRefresh={refresh}>
        {friends.loading ? (
          <SkeletonRows count={SKELETON_ROWS} label={t('RECIPIENTS.LOADING')} />
        ) : friends.failed ? (
          <EmptyState
            title={t('RECIPIENTS.LOAD_FAILED')}
            text={t('RECIPIENTS.LOAD_FAILED_TEXT')}
            icon={<AlertIcon />}
            action={
              <Button variant="secondary" onClick={() => void reload()}>
                {t('RECIPIENTS.RETRY')}
              </Button>
            }
          />
        ) : friends.friends.length === 0 ? (
          <EmptyState
            title={t('MESSAGES.NO_FRIENDS')}
            text={t('MESSAGES.NO_FRIENDS_TEXT')}
            icon={<UsersIcon />}
            action={noFriendsAction}
          />
        ) : shown.length === 0 && friends.searching ? (
          <SkeletonRows count={SKELETON_ROWS} label={t('RECIPIENTS.SEARCHING')} />
        ) : shown.length === 0 && !friends.moreFailed ? (
          <EmptyState
            title={t('MESSAGES.NO_SEARCH_RESULTS')}
            text={t('MESSAGES.NO_SEARCH_RESULTS_TEXT')}
            icon={<SearchIcon />}
          />
        ) : (
          <>
            <ul
              className="recipient-picker__list ui-flex ui-column ui-bare-list"
              aria-label={t('RECIPIENTS.LIST')}
            >
              {shown.map((friend) => (
                <li key={friend.id}>
                  <FriendRow friend={friend} onPick={() => onDismiss({ user: friend, cancelled: false })} />
                </li>
              ))}
            </ul>
            {friends.moreFailed ? (
              <div className="recipient-picker__more" role="status">
                <p>{t('RECIPIENTS.MORE_FAILED')}</p>
                <Button variant="secondary" size="small" onClick={() => void reload()}>
                  {t('RECIPIENTS.RETRY')}
                </Button>
              </div>
            ) : friends.hasMore ? (
              <LoadMore busy={friends.loadingMore} onLoadMore={friends.loadMore} />
            ) : null}
          </>
        )}
      </PullToRefresh>
    </Modal>
  );
}

function FriendRow({ friend, onPick }: { friend: Friend; onPick: () => void }) {
  const handle = usernameLine(friend);
  const city = friend.city?.trim();
  return (
    <button
      type="button"
      className="recipient-picker__row ui-flex ui-center ui-gap-3"
      onClick={onPick}
      data-testid="recipient-row"
    >
      <RecipientAvatar person={friend} />
      <span className="recipient-picker__who">
        <span className="recipient-picker__name">{displayName(friend)}</span>
        {handle ? <span className="recipient-picker__username">{handle}</span> : null}
        {city ? (
          <span className="recipient-picker__city" data-testid="recipient-city">
            <LocationIcon />
            {city}
          </span>
        ) : null}
      </span>
    </button>
  );
}

/** "Show more": a button for keyboards, and automatic when it scrolls into view. */
function LoadMore({ busy, onLoadMore }: { busy: boolean; onLoadMore: () => void }) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  }, [onLoadMore]);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="recipient-picker__more" ref={sentinel}>
      <Button variant="ghost" size="small" busy={busy} onClick={onLoadMore}>
        {t(busy ? 'RECIPIENTS.LOADING_MORE' : 'RECIPIENTS.LOAD_MORE')}
      </Button>
    </div>
  );
}

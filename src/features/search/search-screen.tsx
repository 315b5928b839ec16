// The search screen (docs/SPEC-NOTES.md "Search"): one field (asked 300 ms after the last
// keystroke, spec §9), People / Cars / Posts tabs, results linking to the profile, the car or the
// post, recent searches kept on the device. Offline, the same words search the device's mirror and
// the screen says so.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX, SEARCH_TYPES } from '@/contract/constants';
import type { Post } from '@/contract/posts';
import type { SearchCar, SearchItem, SearchPerson, SearchType } from '@/contract/search';
import { friendsOf, friendsQueryOptions } from '@/features/people';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { displayName } from '@/lib/text/display-name';
import { CloseIcon, EmptyState, Page, SearchIcon, SkeletonRows } from '@/ui';
import { Avatar } from '@/ui/avatar';
import { searchKeys, searchText, serverSearchOptions } from './api/search';
import { searchDevice } from './data/device-search';
import { useRecentSearches } from './data/recent-searches';
import { plainTextOf } from './data/words';
import './search.css';

const TAB_LABELS: Record<SearchType, string> = {
  people: 'SEARCH.TAB_PEOPLE',
  cars: 'SEARCH.TAB_CARS',
  posts: 'SEARCH.TAB_POSTS',
};

/** A post's first words, as the result line shows them. */
const EXCERPT_MAX = 140;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function PersonResult({ person, onOpen }: { person: SearchPerson; onOpen: () => void }) {
  const name = displayName(person);
  return (
    <li className="search-result ui-row">
      <Avatar person={person} size={50} />
      <div className="search-result__text">
        <Link to="/people/$id" params={{ id: person.id }} className="search-result__title" onClick={onOpen}>
          {name}
        </Link>
        {person.username ? <span className="search-result__meta">@{person.username}</span> : null}
      </div>
    </li>
  );
}

function CarResult({ car, onOpen }: { car: SearchCar; onOpen: () => void }) {
  const t = useT();
  const owner = car.owner.username ? displayName(car.owner) : car.owner.firstName;
  return (
    <li className="search-result ui-row">
      <div className="search-result__text">
        <Link to="/car/$id" params={{ id: car.id }} className="search-result__title" onClick={onOpen}>
          {`${car.make} ${car.model}`}
        </Link>
        <span className="search-result__meta">
          {[car.nickname, car.year, owner ? t('SEARCH.OWNED_BY', { name: owner }) : null]
            .filter((part) => part !== null && part !== '')
            .join(' · ')}
        </span>
      </div>
    </li>
  );
}

function PostResult({ post, onOpen }: { post: Post; onOpen: () => void }) {
  const t = useT();
  const text = plainTextOf(post.content).replace(/\s+/g, ' ').trim();
  const excerpt = text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text;
  return (
    <li className="search-result ui-row">
      <Avatar person={post.author} size={50} />
      <div className="search-result__text">
        <Link to="/post/$id" params={{ id: post.id }} className="search-result__title" onClick={onOpen}>
          {excerpt || t('SEARCH.POST_WITHOUT_TEXT')}
        </Link>
        <span className="search-result__meta">
          {t('SEARCH.POSTED_BY', { name: displayName(post.author) })}
        </span>
      </div>
    </li>
  );
}

function Result({ type, item, onOpen }: { type: SearchType; item: SearchItem; onOpen: () => void }) {
  if (type === 'people') return <PersonResult person={item as SearchPerson} onOpen={onOpen} />;
  if (type === 'cars') return <CarResult car={item as SearchCar} onOpen={onOpen} />;
  return <PostResult post={item as Post} onOpen={onOpen} />;
}

export function SearchScreen() {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const online = useOnline();
  const memberId = useSession().user?.id ?? '';
  const recent = useRecentSearches(memberId);
  const [query, setQuery] = useState('');
  const [type, setType] = useState<SearchType>('people');
  const debounced = searchText(useDebounced(query, SEARCH_DEBOUNCE_MS));
  const asking = debounced.length > 0;

  const server = useInfiniteQuery(serverSearchOptions(type, debounced, online));
  const device = useQuery({
    queryKey: searchKeys.device(type, debounced),
    queryFn: () =>
      searchDevice(type, debounced, {
        friends: () => friendsOf(queryClient.getQueryData(friendsQueryOptions().queryKey)),
      }),
    enabled: !online && asking,
    gcTime: 0,
  });

  const items: SearchItem[] = online
    ? (server.data?.pages.flatMap((page) => page.items) ?? [])
    : (device.data ?? []);
  const total = online ? (server.data?.pages[0]?.total ?? 0) : items.length;
  const loading = online ? !server.data && server.isFetching : device.isPending;
  const failed = online && server.isError && !server.data;

  const remember = () => recent.add(debounced);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (searchText(query)) recent.add(searchText(query));
  };
  const pick = (q: string) => {
    setQuery(q);
    input.current?.focus();
  };

  return (
    <Page title={t('SEARCH.TITLE')}>
      <form role="search" className="search-form" onSubmit={submit}>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={id}>
            {t('SEARCH.LABEL')}
          </label>
          <div className="ui-field__control search-form__control">
            <span className="search-form__icon" aria-hidden="true">
              <SearchIcon />
            </span>
            <input
              ref={input}
              id={id}
              type="search"
              className="ui-input search-form__input"
              value={query}
              maxLength={SEARCH_QUERY_MAX}
              placeholder={t('SEARCH.PLACEHOLDER')}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setQuery(event.target.value)}
            />
            {query ? (
              <button
                type="button"
                className="ui-field__action"
                aria-label={t('SEARCH.CLEAR')}
                onClick={() => pick('')}
              >
                <CloseIcon />
              </button>
            ) : null}
          </div>
        </div>
      </form>
      <div className="search-tabs" role="tablist" aria-label={t('SEARCH.TYPES')}>
        {SEARCH_TYPES.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            className="search-tabs__tab"
            aria-selected={each === type}
            onClick={() => setType(each)}
          >
            {t(TAB_LABELS[each])}
          </button>
        ))}
      </div>
      {!online ? (
        <p className="search-note" role="note">
          {t('SEARCH.FROM_DEVICE')}
        </p>
      ) : null}
      {!asking ? (
        recent.items.length > 0 ? (
          <section className="search-recent" aria-labelledby={`${id}-recent`}>
            <div className="search-recent__head">
              <h2 id={`${id}-recent`} className="search-recent__title">
                {t('SEARCH.RECENT')}
              </h2>
              <button type="button" className="ui-button ui-button--ghost" onClick={recent.clear}>
                {t('SEARCH.RECENT_CLEAR')}
              </button>
            </div>
            <ul className="search-recent__list">
              {recent.items.map((q) => (
                <li key={q}>
                  <button type="button" className="search-recent__item" onClick={() => pick(q)}>
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="search-muted">{t('SEARCH.INTRO')}</p>
        )
      ) : loading ? (
        <SkeletonRows count={5} label={t('SEARCH.SEARCHING')} />
      ) : failed ? (
        <EmptyState
          title={t('SEARCH.FAILED')}
          action={
            <button type="button" className="ui-button" onClick={() => void server.refetch()}>
              {t('SEARCH.RETRY')}
            </button>
          }
        />
      ) : items.length === 0 ? (
        <EmptyState
          title={t('SEARCH.NO_RESULTS', { query: debounced })}
          text={t(online ? 'SEARCH.NO_RESULTS_TEXT' : 'SEARCH.NO_RESULTS_OFFLINE_TEXT')}
        />
      ) : (
        <>
          <p className="search-count" role="status">
            {t('SEARCH.RESULTS_COUNT', { count: total })}
          </p>
          <ul className="search-results ui-row-list" aria-label={t(TAB_LABELS[type])}>
            {items.map((item) => (
              <Result key={item.id} type={type} item={item} onOpen={remember} />
            ))}
          </ul>
          {online && server.hasNextPage ? (
            <button
              type="button"
              className="ui-button search-more"
              disabled={server.isFetchingNextPage}
              onClick={() => void server.fetchNextPage()}
            >
              {t('SEARCH.MORE')}
            </button>
          ) : null}
        </>
      )}
    </Page>
  );
}

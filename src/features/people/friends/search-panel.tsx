import { useEffect, useId, useRef } from 'react';
import { PEOPLE_SEARCH_MIN_LENGTH } from '@/contract/constants';
import { useT } from '@/lib/i18n';
import { CloseIcon, EmptyState, SearchIcon } from '@/ui';
import { isSearchable, searchResultsOf, usePeopleSearch } from '../api/search-people';
import { FriendshipAction } from '../components/friendship-action';
import { PeopleList, PersonRow } from '../components/person-row';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ListPlaceholder, MoreButton } from './list-states';

/**
 * The people search: asks the server 300 ms after the last keystroke, and only for at least two
 * characters; each member found comes with the action that fits our friendship.
 */
export function SearchPanel({
  query,
  onQueryChange,
  autoFocus,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  autoFocus?: boolean;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const debounced = useDebouncedValue(query);
  const search = usePeopleSearch(debounced);
  const results = searchResultsOf(search.data);
  const total = search.data?.pages[0]?.total ?? 0;

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  return (
    <div className="people-search">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={id}>
          {t('PEOPLE.SEARCH_LABEL')}
        </label>
        <div className="ui-field__control people-search__control">
          <span className="people-search__icon" aria-hidden="true">
            <SearchIcon />
          </span>
          <input
            ref={input}
            id={id}
            type="search"
            className="ui-input people-search__input"
            value={query}
            placeholder={t('PEOPLE.SEARCH_PLACEHOLDER')}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onQueryChange(event.target.value)}
          />
          {query ? (
            <button
              type="button"
              className="ui-field__action"
              aria-label={t('PEOPLE.SEARCH_CLEAR')}
              onClick={() => {
                onQueryChange('');
                input.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          ) : null}
        </div>
        <p className="ui-field__description" id={`${id}-hint`}>
          {t('PEOPLE.SEARCH_HINT', { min: PEOPLE_SEARCH_MIN_LENGTH })}
        </p>
      </div>
      {!query.trim() ? (
        <p className="people-muted">{t('PEOPLE.SEARCH_INTRO')}</p>
      ) : !isSearchable(query) ? (
        <p className="people-muted" role="status">
          {t('PEOPLE.SEARCH_TOO_SHORT', { min: PEOPLE_SEARCH_MIN_LENGTH })}
        </p>
      ) : !search.data ? (
        <ListPlaceholder query={search} loadingLabel={t('PEOPLE.SEARCHING')} />
      ) : results.length === 0 ? (
        <EmptyState
          title={t('PEOPLE.NO_RESULTS', { query: debounced.trim() })}
          text={t('PEOPLE.NO_RESULTS_TEXT')}
        />
      ) : (
        <>
          <p className="people-count" role="status">
            {t('PEOPLE.RESULTS_COUNT', { count: total })}
          </p>
          <PeopleList label={t('PEOPLE.RESULTS')}>
            {results.map((card) => (
              <PersonRow
                key={card.id}
                person={card}
                actions={<FriendshipAction person={card} friendship={card.friendship} />}
              />
            ))}
          </PeopleList>
          <MoreButton query={search} />
        </>
      )}
    </div>
  );
}

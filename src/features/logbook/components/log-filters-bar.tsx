import { useId, useRef } from 'react';
import { useT } from '@/lib/i18n';
import { CloseIcon, DateInput, SearchIcon } from '@/ui';

export type TypeOption = { key: string; label: string };
/** The bar's values as the inputs hold them: '' is "no filter". */
export type FilterValues = { type: string; from: string; to: string; query: string };
export const NO_FILTERS: FilterValues = { type: '', from: '', to: '', query: '' };

/** Type, date range and text search over a car's logs (spec §3 helpers), all applied as you type. */
export function LogFiltersBar({
  filters,
  onChange,
  typeOptions,
}: {
  filters: FilterValues;
  onChange: (next: Partial<FilterValues>) => void;
  typeOptions: TypeOption[];
}) {
  const t = useT();
  const id = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <form
      className="log-filters"
      role="search"
      aria-label={t('CAR_LOGS.FILTERS')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="ui-field log-filters__search">
        <label className="ui-field__label visually-hidden" htmlFor={`${id}-q`}>
          {t('CAR_LOGS.SEARCH')}
        </label>
        <div className="ui-field__control">
          <span className="log-filters__search-icon" aria-hidden="true">
            <SearchIcon />
          </span>
          <input
            ref={searchRef}
            id={`${id}-q`}
            className="ui-input ui-input--with-action log-filters__search-input"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            placeholder={t('CAR_LOGS.SEARCH_PLACEHOLDER')}
            value={filters.query}
            onChange={(e) => onChange({ query: e.target.value })}
          />
          {filters.query ? (
            <button
              type="button"
              className="ui-field__action"
              aria-label={t('CAR_LOGS.CLEAR_SEARCH')}
              onClick={() => {
                onChange({ query: '' });
                searchRef.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          ) : null}
        </div>
      </div>
      <div className="log-filters__row">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-type`}>
            {t('CAR_LOGS.TYPE')}
          </label>
          <select
            id={`${id}-type`}
            className="ui-select log-filters__select"
            value={filters.type}
            onChange={(e) => onChange({ type: e.target.value })}
          >
            <option value="">{t('CAR_LOGS.ALL_TYPES')}</option>
            {typeOptions.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-from`}>
            {t('CAR_LOGS.FROM')}
          </label>
          <DateInput
            id={`${id}-from`}
            className="log-filters__date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(from) => onChange({ from })}
          />
        </div>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-to`}>
            {t('CAR_LOGS.TO')}
          </label>
          <DateInput
            id={`${id}-to`}
            className="log-filters__date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(to) => onChange({ to })}
          />
        </div>
      </div>
    </form>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import { useT } from '@/lib/i18n';
import { CloseIcon } from '@/ui';
import { checkTag, LOG_LIMITS, type FieldMessage } from './log-values';

interface Props {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /** What is typed and not yet a chip; the form adds it on submit so it is never lost. */
  draft: string;
  onDraftChange: (draft: string) => void;
  error?: FieldMessage | undefined;
  onError: (error: FieldMessage | undefined) => void;
}

/** Adds `text` to `tags` unless empty or already there (case-insensitive); refuses past the limits. */
export function addTag(tags: string[], text: string): { tags: string[]; error?: FieldMessage } {
  const tag = text.trim().replace(/\s+/g, ' ');
  if (!tag) return { tags };
  if (tags.some((t) => t.toLocaleLowerCase() === tag.toLocaleLowerCase())) return { tags };
  const problem = checkTag(tag);
  if (problem) return { tags, error: problem };
  if (tags.length >= LOG_LIMITS.maxTags) {
    return { tags, error: { key: 'CAR_LOGS.FORM_TOO_MANY_TAGS', values: { max: LOG_LIMITS.maxTags } } };
  }
  return { tags: [...tags, tag] };
}

/** Tags as chips: Enter or a comma makes a chip, Backspace in the empty box takes the last one back. */
export function TagsInput({ label, tags, onChange, draft, onDraftChange, error, onError }: Props) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function commit(text: string): boolean {
    const next = addTag(tags, text);
    onError(next.error);
    if (next.error) return false;
    if (next.tags !== tags) onChange(next.tags);
    onDraftChange('');
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault(); // Enter must not submit the form while typing a tag
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      const last = tags[tags.length - 1] ?? '';
      onChange(tags.slice(0, -1));
      onDraftChange(last);
      onError(undefined);
    }
  }

  const [announce, setAnnounce] = useState('');
  const message = error ? t(error.key, error.values) : undefined;

  return (
    <div className="ui-field tags-input">
      <label className="ui-field__label" htmlFor={id}>
        {label}
        <span className="ui-field__optional"> ({t('COMMON.OPTIONAL')})</span>
      </label>
      <div
        className="tags-input__box ui-flex ui-wrap ui-center ui-gap-2"
        data-invalid={message ? true : undefined}
      >
        {tags.length > 0 ? (
          <ul className="tags-input__chips" aria-label={t('CAR_LOGS.FORM_TAGS_LIST')}>
            {tags.map((tag) => (
              <li key={tag} className="tags-input__chip">
                <span>{tag}</span>
                <button
                  type="button"
                  className="tags-input__remove"
                  aria-label={t('CAR_LOGS.FORM_TAG_REMOVE', { tag })}
                  onClick={() => {
                    onChange(tags.filter((x) => x !== tag));
                    onError(undefined);
                    setAnnounce(t('CAR_LOGS.FORM_TAG_REMOVED', { tag }));
                  }}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          className="tags-input__input"
          value={draft}
          autoComplete="off"
          enterKeyHint="done"
          aria-invalid={message ? true : undefined}
          aria-describedby={[message ? errorId : '', hintId].filter(Boolean).join(' ')}
          onChange={(event) => {
            const text = event.target.value;
            // A pasted "a, b, c" becomes chips at once; the part after the last comma stays typed.
            if (text.includes(',')) {
              const parts = text.split(',');
              let current = tags;
              for (const part of parts.slice(0, -1)) {
                const next = addTag(current, part);
                if (next.error) {
                  onError(next.error);
                  onDraftChange(text);
                  if (current !== tags) onChange(current);
                  return;
                }
                current = next.tags;
              }
              if (current !== tags) onChange(current);
              onError(undefined);
              onDraftChange(parts.at(-1) ?? '');
              return;
            }
            onDraftChange(text);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim()) commit(draft);
          }}
        />
      </div>
      <p className="ui-field__description" id={hintId}>
        {t('CAR_LOGS.FORM_TAGS_HINT', {
          max: LOG_LIMITS.maxTags,
          length: LOG_LIMITS.tagMax,
          count: tags.length,
        })}
      </p>
      {message ? (
        <p className="ui-field__error" id={errorId}>
          {message}
        </p>
      ) : null}
      <span className="visually-hidden" role="status">
        {announce}
      </span>
    </div>
  );
}

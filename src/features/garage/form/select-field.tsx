import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from '@/ui/field';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
    options: SelectOption[];
    /** A first option for "no value" (value ''), e.g. "Not specified". */
    emptyLabel?: string;
  };

/** A labelled native <select> (the platform's picker on phones), wired like the other fields. */
export function SelectField({
  label,
  error,
  description,
  optional,
  options,
  emptyLabel,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} description={description} optional={optional ?? false}>
      {(wiring) => (
        <div className="ui-field__control">
          <select
            {...select}
            {...wiring}
            className={['ui-input', 'form-select', className].filter(Boolean).join(' ')}
          >
            {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}

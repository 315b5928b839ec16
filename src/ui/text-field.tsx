import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({ label, error, description, optional, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} description={description} optional={optional ?? false}>
      {(wiring) => (
        <div className="ui-field__control">
          <input {...input} {...wiring} className={['ui-input', className].filter(Boolean).join(' ')} />
        </div>
      )}
    </Field>
  );
}

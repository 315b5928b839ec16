import { useState, type InputHTMLAttributes } from 'react';
import { useT } from '@/lib/i18n';
import { Field, type FieldProps } from './field';
import { EyeIcon, EyeOffIcon } from './icons';

export type PasswordFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

/** A password input with a show/hide toggle (a real button, labelled, with aria-pressed). */
export function PasswordField({ label, error, description, optional, ...input }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} description={description} optional={optional ?? false}>
      {(wiring) => (
        <div className="ui-field__control">
          <input
            {...input}
            {...wiring}
            type={visible ? 'text' : 'password'}
            className="ui-input ui-input--with-action"
          />
          <button
            type="button"
            className="ui-field__action"
            aria-pressed={visible}
            aria-label={t(visible ? 'COMMON.HIDE_PASSWORD' : 'COMMON.SHOW_PASSWORD')}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}

import { useId, type ReactNode } from 'react';
import { useT } from '@/lib/i18n';

export interface FieldProps {
  label: string;
  error?: string | undefined;
  description?: string | undefined;
  optional?: boolean;
}

export interface FieldWiring {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** Label, description and error around a control; gives the control its aria wiring. */
export function Field({
  label,
  error,
  description,
  optional,
  children,
}: FieldProps & { children: (wiring: FieldWiring) => ReactNode }) {
  const t = useT();
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="ui-field__optional"> ({t('COMMON.OPTIONAL')})</span> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldNotes description={description} descriptionId={descriptionId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's description and error under its control, with the ids its aria-describedby names. */
export function FieldNotes({
  description,
  descriptionId,
  error,
  errorId,
}: {
  description: ReactNode;
  descriptionId: string | undefined;
  error: ReactNode;
  errorId: string | undefined;
}) {
  return (
    <>
      {description ? (
        <p className="ui-field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {error ? (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

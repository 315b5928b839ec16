import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

/** Spec §5/§9: a text area is 35 px high at least and grows with its content up to 300 px. */
export const TEXT_AREA_MIN_HEIGHT_PX = 35;
export const TEXT_AREA_MAX_HEIGHT_PX = 300;

/** The height for a given content height: clamped to [35, 300]; past 300 the area scrolls. */
export function textAreaHeight(contentHeight: number): number {
  return Math.min(TEXT_AREA_MAX_HEIGHT_PX, Math.max(TEXT_AREA_MIN_HEIGHT_PX, Math.ceil(contentHeight)));
}

export type TextAreaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextArea({ label, error, description, optional, value, ...rest }: TextAreaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Reset first so the area can shrink, then measure what the content needs.
    el.style.height = `${TEXT_AREA_MIN_HEIGHT_PX}px`;
    el.style.height = `${textAreaHeight(el.scrollHeight)}px`;
  }, [value]);
  return (
    <Field label={label} error={error} description={description} optional={optional ?? false}>
      {(wiring) => (
        <textarea
          {...rest}
          {...wiring}
          ref={ref}
          value={value}
          rows={1}
          className="ui-input ui-textarea"
          style={{ minHeight: TEXT_AREA_MIN_HEIGHT_PX, maxHeight: TEXT_AREA_MAX_HEIGHT_PX }}
        />
      )}
    </Field>
  );
}

// What the car, log and reminder forms share about field errors.

/** A translation key with its values, rendered in the current language by the form. */
export type FieldMessage = { key: string; values?: Record<string, unknown> };
export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage>>;

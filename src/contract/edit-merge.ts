// Edits that meet: the merge-by-field rule client and server both run (docs/OFFLINE-FIRST.md
// "Edits from two devices"). Plain values, no typebox: the client bundle runs this code.
//
// An edit sends only the fields the member changed, with `base`: the values it started from for
// those fields. A field whose stored value is no longer its base was changed meanwhile by another
// write (another device); this later write still wins, and its answer names the field in
// `overwritten` with the value it replaced, so the member can put it back. Fields the edit did not
// change are not sent, so another device's change to them stays. An edit without `base` (an older
// client sending the whole form) is applied as before, the later write winning silently.

/** The values of some fields of a thing, by field name. */
export type FieldValues = Record<string, unknown>;

/** An absent value and null are the same empty value on the wire. */
function normalised(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(normalised);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, normalised(v)]);
    return Object.fromEntries(entries);
  }
  return value;
}

/** Are two field values the same (deep, keys in any order, absent = null)? */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

/**
 * What an edit sends: the fields of `next` (among `keys`) that differ from `previous`, and the
 * values of `previous` for those fields (`base`). A field `next` leaves out is not changed.
 */
export function changedFields(
  previous: FieldValues,
  next: FieldValues,
  keys: readonly string[],
): { changes: FieldValues; base: FieldValues } {
  const changes: FieldValues = {};
  const base: FieldValues = {};
  for (const key of keys) {
    if (!(key in next) || next[key] === undefined) continue;
    if (sameFieldValue(previous[key], next[key])) continue;
    changes[key] = next[key];
    base[key] = previous[key] ?? null;
  }
  return { changes, base };
}

/**
 * The server's rule: of the fields this write changes and gave a base for, those whose stored
 * value (`current`) is neither the base (nobody else changed it) nor the value written (both wrote
 * the same): the later write wins, and the value it replaced is answered. Undefined when none.
 */
export function overwrittenFields(
  current: FieldValues,
  written: FieldValues,
  changed: readonly string[],
  base: FieldValues | undefined,
): FieldValues | undefined {
  if (!base) return undefined;
  const replaced: FieldValues = {};
  for (const key of changed) {
    if (!(key in base)) continue;
    if (sameFieldValue(current[key], base[key]) || sameFieldValue(current[key], written[key])) continue;
    replaced[key] = current[key] ?? null;
  }
  return Object.keys(replaced).length ? replaced : undefined;
}

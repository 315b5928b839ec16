// Search text that ignores accents and case, as members expect in a French-first app: "controle"
// finds "Contrôle technique", "ELEONORE" finds "Éléonore". NFD splits "ô" into "o" + a combining
// circumflex, which is then dropped; the lower-casing follows the app's language.
import { currentLocale } from '../i18n/core';

const COMBINING_MARKS = /\p{M}/gu;
// eslint-disable-next-line no-control-regex -- the ASCII range itself
const NON_ASCII = /[^\u0000-\u007f]/;

/** The accent- and case-folded form of `text`, to compare with another folded text. */
export function foldText(text: string): string {
  // Plain ASCII has no marks to drop: skip the normalisation (the log search folds 10,000 rows).
  const bare = NON_ASCII.test(text) ? text.normalize('NFD').replace(COMBINING_MARKS, '') : text;
  return bare.toLocaleLowerCase(currentLocale());
}

/** Whether `text` contains `query`, ignoring accents and case; a blank query matches everything. */
export function foldedIncludes(text: string, query: string): boolean {
  return foldText(text).includes(foldText(query.trim()));
}

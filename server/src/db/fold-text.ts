// Accent- and case-folding for searches, the same in both dialects: `fold_text(x)` in SQL (a
// function registered on each SQLite connection, a SQL function on PostgreSQL made by migration
// 0011) and foldText() for the text searched. Both lower-case, then map each Latin letter with a
// diacritic to its base letter through one table: é → e, Ł → l, ß stays (one letter for one).
// Changing the table needs a new migration that recreates fold_text on PostgreSQL.

const EXTRA: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ŧ: 't', ı: 'i', ŀ: 'l' };
const RANGES: [number, number][] = [
  [0x41, 0x5a], // A–Z (PostgreSQL's lower() under the C locale folds nothing else)
  [0xc0, 0x24f], // Latin-1 Supplement, Latin Extended-A and -B
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese among others)
];

function base(char: string): string {
  const lower = char.toLowerCase();
  return EXTRA[lower] ?? lower.normalize('NFD').replace(/\p{M}/gu, '');
}

function buildTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (const [start, end] of RANGES) {
    for (let code = start; code <= end; code += 1) {
      const char = String.fromCodePoint(code);
      const folded = base(char);
      if (folded.length === 1 && folded !== char && /^\p{L}$/u.test(char)) {
        from += char;
        to += folded;
      }
    }
  }
  return { from, to };
}

/** translate()'s two strings: each letter of `from` becomes the letter of `to` at its place. */
export const FOLD_TABLE = buildTable();
const FOLD_MAP = new Map([...FOLD_TABLE.from].map((c, i) => [c, [...FOLD_TABLE.to][i]!]));

/** What fold_text() answers in SQL: lower case, diacritics of Latin letters dropped. */
export function foldText(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) out += FOLD_MAP.get(char) ?? char;
  return out;
}

// The device's search cuts and matches words as the server does (server/src/search/search-repository.ts).
import { describe, expect, it } from 'vitest';
import { matchesWords, plainTextOf, wordsOf } from './words';

describe('search words on the device', () => {
  it('cuts runs of letters and digits, folded for case and accents', () => {
    expect(wordsOf("  Renault MÉGANE #E30, l'Alpine  ")).toEqual(['renault', 'megane', 'e30', 'l', 'alpine']);
    expect(wordsOf('#!? ')).toEqual([]);
  });

  it('wants every word, the last one as the start of a word', () => {
    const text = 'Renault Mégane RS, #E30 swap';
    expect(matchesWords(text, wordsOf('renault megane'))).toBe(true);
    expect(matchesWords(text, wordsOf('renault meg'))).toBe(true);
    expect(matchesWords(text, wordsOf('meg renault'))).toBe(false);
    expect(matchesWords(text, wordsOf('#e30'))).toBe(true);
    expect(matchesWords(text, wordsOf('clio'))).toBe(false);
    expect(matchesWords(text, [])).toBe(false);
  });

  it('reads a post without its markup', () => {
    const text = plainTextOf('<p>My <strong>E30</strong> &amp; friends</p>');
    expect(matchesWords(text, wordsOf('strong'))).toBe(false);
    expect(matchesWords(text, wordsOf('e30 friends'))).toBe(true);
  });
});

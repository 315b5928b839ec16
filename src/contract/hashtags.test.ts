// The rules of tags and mentions shared by the server (indexing, notifying) and the client (links).
import { describe, expect, it } from 'vitest';
import { findTokens, hashtagKey, hashtagKeysOf, HASHTAG_NAME, mentionedUsernamesOf } from './hashtags';

describe('tags', () => {
  it('are # and 1 to 50 letters of any script, digits or _, after a boundary; keyed without case or accents', () => {
    expect(hashtagKeysOf('#Mégane, #megane (#RS_2) #東京 #911!')).toEqual(['megane', 'rs_2', '東京', '911']);
    expect(hashtagKey('Ÿamaha_ÉTÉ')).toBe('yamaha_ete');
    expect(hashtagKeysOf(`#${'a'.repeat(50)} #${'b'.repeat(51)}`)).toEqual(['a'.repeat(50)]);
  });

  it('are not inside an address, a word or an entity', () => {
    expect(hashtagKeysOf('https://x.com/a#b www.x.com/#c a#b &#39; ##d /#e')).toEqual([]);
  });

  it('the tag page names one as the rule finds it', () => {
    for (const ok of ['megane', 'Mégane', '東京', 'a_1']) expect(HASHTAG_NAME.test(ok), ok).toBe(true);
    for (const bad of ['', '#a', 'a-b', 'a b', 'a'.repeat(51), 'é🏎'])
      expect(HASHTAG_NAME.test(bad), bad).toBe(false);
  });
});

describe('mentions', () => {
  it('are @ and a username, any case, trailing dots and dashes being the sentence’s; not an e-mail address', () => {
    expect(mentionedUsernamesOf('Hi @Ben_K. and @ann-marie- and ben@example.com, @ab, @BEN_k')).toEqual([
      'ben_k',
      'ann-marie',
    ]);
    expect(mentionedUsernamesOf('https://medium.com/@writer')).toEqual([]);
  });

  it('are found where they are written, for the links', () => {
    expect(findTokens('x @abc #t')).toEqual([
      { kind: 'mention', index: 2, length: 4, name: 'abc' },
      { kind: 'tag', index: 7, length: 2, name: 't' },
    ]);
  });
});

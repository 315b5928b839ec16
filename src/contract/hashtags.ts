// Hashtags and mentions in a post's or a comment's text (docs/SPEC-NOTES.md "Hashtags and
// mentions"): one set of rules for the server, which indexes the tags and notifies the members
// mentioned, and for the client, which turns both into links. Pure functions on plain text.
import { USERNAME_PATTERN } from './constants';

/** A tag holds 1 to this many letters, digits or underscores (after the `#`). */
export const HASHTAG_MAX = 50;

/** At most this many members are told of the mentions of one text (the rest are links only). */
export const MENTIONS_TOLD_MAX = 20;

/** A letter (any script, with its combining marks), a digit or `_`. */
const TAG_CHAR = String.raw`[\p{L}\p{M}\p{N}_]`;
/** What a username is made of (USERNAME_PATTERN without its length). */
const NAME_CHAR = '[A-Za-z0-9_.-]';
const NAME_RULE = new RegExp(USERNAME_PATTERN);

/** An address in the text: a `#` or an `@` inside it is no tag and no mention. */
const URL = /\b(?:https?:\/\/|www\.)\S+/giu;

/** A whole tag as the tag page's address names it (without the `#`). */
export const HASHTAG_NAME = new RegExp(`^${TAG_CHAR}{1,${HASHTAG_MAX}}$`, 'u');

/** A tag or a mention found in a text: where it starts (its `#` or `@`), its length, its name. */
export interface TextToken {
  kind: 'tag' | 'mention';
  index: number;
  length: number;
  /** The tag as written (without `#`), or the username (without `@`). */
  name: string;
}

// A `#` or `@` starts a token only after the start, a space or a punctuation mark that is not part
// of a word, an address or an e-mail address (ben@example.com, a#b, &#39;).
const TOKEN = new RegExp(String.raw`(?<![\p{L}\p{M}\p{N}_&#@/.-])(?:#(${TAG_CHAR}+)|@(${NAME_CHAR}+))`, 'gu');

/** The tags and mentions of a plain text, in reading order; addresses are skipped. */
export function findTokens(text: string): TextToken[] {
  const masked = text.replace(URL, (url) => ' '.repeat(url.length));
  const found: TextToken[] = [];
  for (const match of masked.matchAll(TOKEN)) {
    const index = match.index;
    if (match[1] !== undefined) {
      // Longer than HASHTAG_MAX: not a tag at all (rather than a cut one).
      if ([...match[1]].length <= HASHTAG_MAX)
        found.push({ kind: 'tag', index, length: match[0].length, name: match[1] });
      continue;
    }
    // "@ben." at the end of a sentence mentions ben: trailing dots and dashes are punctuation.
    const name = (match[2] ?? '').replace(/[.-]+$/, '');
    if (NAME_RULE.test(name)) found.push({ kind: 'mention', index, length: name.length + 1, name });
  }
  return found;
}

/**
 * The key a tag is stored and looked up by: lower case, accents folded (#Mégane and #megane meet),
 * other scripts kept as they are.
 */
export function hashtagKey(tag: string): string {
  return tag
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

/** The distinct tag keys of a plain text. */
export function hashtagKeysOf(text: string): string[] {
  const keys = findTokens(text)
    .filter((token) => token.kind === 'tag')
    .map((token) => hashtagKey(token.name));
  return [...new Set(keys)];
}

/** The distinct usernames a plain text mentions, lower-cased (usernames are case-insensitive). */
export function mentionedUsernamesOf(text: string): string[] {
  const names = findTokens(text)
    .filter((token) => token.kind === 'mention')
    .map((token) => token.name.toLowerCase());
  return [...new Set(names)];
}

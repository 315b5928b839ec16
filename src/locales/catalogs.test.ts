import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import frFR from './fr-FR.json';

const SRC = path.resolve(__dirname, '..');
const catalogs: Record<string, Record<string, string>> = { 'en-US': enUS, 'fr-FR': frFR };
// Spec §8 names these keys; they must exist whatever screen uses them.
const SPEC_KEYS = [
  'MESSAGES.NO_FRIENDS',
  'MESSAGES.NO_FRIENDS_TEXT',
  'MESSAGES.NO_SEARCH_RESULTS',
  'MESSAGES.NO_SEARCH_RESULTS_TEXT',
  'MESSAGES.SELECT_RECIPIENT',
  'MESSAGES.SEARCH_FRIENDS',
  'COMMON.PULL_TO_REFRESH',
  'COMMON.REFRESHING',
  'ERRORS.TOO_MANY_REQUESTS',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // test-utils folders hold test fixtures (made-up keys), like the *.test.ts files skipped below.
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [full] : [];
  });
}

/** Every string literal shaped like a catalog key (NAMESPACE.KEY), wherever it is used: t('…'), maps of keys, props. */
function keyLiterals(): Map<string, string> {
  const found = new Map<string, string>();
  const literal = /(['"`])([A-Z][A-Z0-9_]*(?:\.[A-Z][A-Z0-9_]*)+)\1/g;
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
      if (match[2]) found.set(match[2], path.relative(SRC, file));
    }
  }
  return found;
}

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  it('have exactly the same keys', () => {
    expect(Object.keys(frFR).sort()).toEqual(Object.keys(enUS).sort());
  });

  it.each(Object.keys(catalogs))('%s has no empty message and every message compiles', (locale) => {
    for (const [key, message] of Object.entries(catalogs[locale] ?? {})) {
      expect(message.trim(), key).not.toBe('');
      expect(() => compileMessageOrThrow(message), key).not.toThrow();
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, message] of Object.entries(enUS)) {
      expect(placeholders((frFR as Record<string, string>)[key] ?? ''), key).toEqual(placeholders(message));
    }
  });

  it("contain the spec's keys", () => {
    for (const key of SPEC_KEYS) expect(enUS, key).toHaveProperty([key]);
  });

  it('contain every key used in src/', () => {
    const used = keyLiterals();
    expect(used.size).toBeGreaterThan(50); // the scan itself works
    const missing = [...used].filter(([key]) => !(key in enUS)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});

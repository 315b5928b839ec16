// Comments, test names and docs say why, citing the spec's sections or docs/, never a tracker's issue
// number: a number means nothing to a newcomer, and the history stays in git (docs/ARCHITECTURE.md).
// This walks the repository's sources, tests and docs and fails on any citation of an issue.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const ROOTS = ['src', 'server', 'tests', 'sw', 'docs', 'public', '.ci'];
const TOP_FILES = [
  'README.md',
  'eslint.config.js',
  'vite.config.ts',
  'lingui.config.ts',
  'index.html',
  'package.json',
  '.env.example',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|md|json|html|po|yml|yaml|sh|txt|sql|example)$/;

/**
 * An issue cited by number: the word and a number, singular or plural, with or without "#" or
 * "flow" between them, even broken over two comment lines; and a pull request's number in
 * parentheses. The word alone ("the token we issue: …") and numbers elsewhere ("a round 50 px
 * picture", "&#39;") pass; the first test below shows each form.
 */
const ISSUE_CITATION = /\bissues?(?:\s+flow)?[\s/*#]*#?\d+\b|\(#\d+\)/gi;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : files(full);
    return TEXT.test(name) ? [full] : [];
  });
}

function citations(text: string): string[] {
  return [...text.matchAll(ISSUE_CITATION)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return `${line}: ${m[0].replace(/\s+/g, ' ')}`;
  });
}

describe('no issue numbers in the code, tests or docs', () => {
  it('the pattern catches every form a citation takes, and nothing else', () => {
    // Built from parts, so that this file does not cite an issue itself.
    const word = 'iss' + 'ue';
    for (const cited of [
      `(${word} 16)`,
      `${word[0]!.toUpperCase()}${word.slice(1)} 18: cars offered`,
      `${word}s 14 and 15`,
      `${word} #5`,
      `${word} flow 4`,
      `twice (${word}\n  // 19). A route`,
      `a fix (${'#'}42)`,
    ]) {
      expect(citations(cited), cited).toHaveLength(1);
    }
    for (const fine of [
      `the strict subset we ${word}: one header`,
      `tokens we ${word} (~320 bytes)`,
      `A member's round 50 px picture (spec §9 avatar size)`,
      `'&#39;', "&#0;"`,
      `the ${word}'s budget, 2,000 req/s`,
    ]) {
      expect(citations(fine), fine).toEqual([]);
    }
  });

  it('no file cites an issue by number', () => {
    const all = [
      ...ROOTS.flatMap((dir) => files(path.join(ROOT, dir))),
      ...TOP_FILES.map((name) => path.join(ROOT, name)),
    ];
    expect(all.length).toBeGreaterThan(500);
    const found = all.flatMap((file) =>
      citations(readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('names the screen, and puts the unread count first', () => {
    activateCatalog('en-US');
    expect(documentTitle('Messages', 3)).toBe('(3) Messages · Paddock');
    expect(documentTitle('Messages', 0)).toBe('Messages · Paddock');
    expect(documentTitle(null, 2)).toBe('(2) Paddock');
    expect(documentTitle(null)).toBe('Paddock');
  });

  it('follows the language', () => {
    activateCatalog('fr-FR');
    expect(documentTitle('Fichiers', 1_200)).toBe('(1\u202f200) Fichiers · Paddock');
    activateCatalog('en-US');
  });
});

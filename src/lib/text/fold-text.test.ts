import { describe, expect, it } from 'vitest';
import { foldedIncludes, foldText } from './fold-text';

describe('foldText', () => {
  it('drops accents and case', () => {
    expect(foldText('Contrôle TECHNIQUE à Évry')).toBe('controle technique a evry');
    expect(foldText('Éléonore Noël')).toBe('eleonore noel');
  });

  it('a text typed precomposed or decomposed folds the same', () => {
    expect(foldText('e\u0301te\u0301')).toBe(foldText('\u00e9t\u00e9'));
  });
});

describe('foldedIncludes', () => {
  it('"controle" finds "Contrôle technique", and the other way round', () => {
    expect(foldedIncludes('Contrôle technique', 'controle')).toBe(true);
    expect(foldedIncludes('Controle technique', 'CONTRÔLE')).toBe(true);
    expect(foldedIncludes('Vidange', 'contrôle')).toBe(false);
  });
});

// Every outbox kind the app registers has a readable label in the sync panel, in both languages:
// a new kind without one fails here (not "A change", nor its raw key "equipment.mount", in the
// "needs attention" list). So do the words of its fields and of its values from a fixed list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIND_OTHER_KEY, kindLabelKey } from '@/features/sync/entry-content';
import { i18n, SUPPORTED_LOCALES } from '@/lib/i18n';
import { outboxKindContent, registerOutboxHandlers } from '@/lib/outbox';
import { activateCatalog } from '@/testing/test-utils';
import { appOutboxHandlers } from './outbox-handlers';

const kinds = appOutboxHandlers.flatMap((handlers) => Object.keys(handlers));

/** `key` in `locale`'s words: fails on a key the catalog lacks (translated as itself). */
function words(locale: (typeof SUPPORTED_LOCALES)[number], key: string): string {
  activateCatalog(locale);
  const text = i18n._(key).trim();
  expect(text, `${key} in ${locale}`).not.toBe(key);
  expect(text, `${key} in ${locale}`).not.toBe('');
  return text;
}

describe('outbox kind labels', () => {
  // Each feature registers its kinds' labels with its handlers, as the signed-in app does.
  let unregister: () => void = () => {};
  beforeAll(() => {
    unregister = registerOutboxHandlers(...appOutboxHandlers);
  });
  afterAll(() => unregister());

  it('walks every feature: the profile edit, the garage, its papers and equipment', () => {
    expect(SUPPORTED_LOCALES).toEqual(expect.arrayContaining(['en-US', 'fr-FR']));
    for (const kind of [
      'profile.update',
      'car.create',
      'carPaper.create',
      'equipment.mount',
      'equipment.update',
    ])
      expect(kinds).toContain(kind);
  });

  it.each(kinds)('%s has its own label in en-US and fr-FR', (kind) => {
    const key = kindLabelKey(kind);
    expect(key, `${kind} has no label among its feature's (withKindLabels)`).not.toBe(KIND_OTHER_KEY);
    for (const locale of SUPPORTED_LOCALES) expect(words(locale, key)).not.toBe(kind);
  });

  it.each(kinds)('%s names its fields and their fixed values in en-US and fr-FR', (kind) => {
    const content = outboxKindContent(kind);
    const keys = [
      ...Object.values(content?.fields ?? {}),
      ...Object.values(content?.values ?? {}).flatMap((labels) => Object.values(labels)),
    ];
    for (const locale of SUPPORTED_LOCALES) for (const key of keys) words(locale, key);
  });

  it.each(SUPPORTED_LOCALES)('the labels differ from one kind to another in %s', (locale) => {
    const labels = kinds.map((kind) => words(locale, kindLabelKey(kind)));
    expect(new Set(labels).size).toBe(kinds.length);
  });
});

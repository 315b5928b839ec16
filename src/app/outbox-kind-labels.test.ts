// Every outbox kind the app registers has a readable label in the sync panel, in both languages:
// a new kind without one fails here (not "A change" in the "needs attention" list).
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND_OTHER_KEY, kindLabelKey } from '@/features/sync/entry-content';
import enUS from '@/locales/en-US.json';
import frFR from '@/locales/fr-FR.json';
import { registerOutboxHandlers } from '@/lib/outbox';
import { appOutboxHandlers } from './outbox-handlers';

const catalogs: Record<string, Record<string, string>> = { 'en-US': enUS, 'fr-FR': frFR };
const kinds = appOutboxHandlers.flatMap((handlers) => Object.keys(handlers));

describe('outbox kind labels', () => {
  // Each feature registers its kinds' labels with its handlers, as the signed-in app does.
  beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));

  it('the registered kinds include the profile edit', () => {
    expect(kinds).toContain('profile.update');
  });

  it.each(kinds)('%s has its own label in en and fr', (kind) => {
    const key = kindLabelKey(kind);
    expect(key, `${kind} has no label among its feature's (withKindLabels)`).not.toBe(KIND_OTHER_KEY);
    for (const [locale, catalog] of Object.entries(catalogs))
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
  });

  it('the labels differ from one kind to another', () => {
    const labels = kinds.map((kind) => enUS[kindLabelKey(kind) as keyof typeof enUS]);
    expect(new Set(labels).size).toBe(kinds.length);
  });
});

// The network's first list and the data layer's list (feed-body.tsx) lay out their cards alike:
// a bulleted, indented first list made the body's wider cards a later, larger LCP candidate on
// /feed (Lighthouse timed the first post when Dexie took over, about a second later).
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import FeedFirstList from './feed-first-list';

describe("the feed's first list", () => {
  beforeEach(() => activateCatalog('en-US'));

  it("is the body's bare list: no bullets, no indent, the same gap", () => {
    renderWithProviders(<FeedFirstList posts={[]} onPainted={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Feed' });
    expect(list.className).toBe('feed__list ui-flex ui-column ui-gap-4 ui-bare-list');
  });
});

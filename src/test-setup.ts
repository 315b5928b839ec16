// Setup of the `unit` vitest project (jsdom).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { settleLoads } from './lib/first-paint/lazy-loads';
import { XhrOverFetch } from './testing/xhr-over-fetch';

// A busy two-core CI runner renders a screen several times slower than a laptop: every wait for
// the DOM gets 10 s (a file may ask for more), so a test fails on what never comes, not on load.
configure({ asyncUtilTimeout: 10_000 });
// vi.waitFor's own default limit is 1 s: the same 10 s for a wait that names none.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: 10_000, ...options },
  )) as typeof vi.waitFor;

// Multipart uploads go through XMLHttpRequest (upload progress); route them to the stubbed fetch.
globalThis.XMLHttpRequest = XhrOverFetch as unknown as typeof XMLHttpRequest;

beforeEach(() => {
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  // A lazy chunk a screen asked for must not load after the file's environment is gone.
  await settleLoads();
});

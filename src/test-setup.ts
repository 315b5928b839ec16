// Setup of the `unit` vitest project (jsdom).
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { settleLoads } from './lib/lazy-loads';
import { XhrOverFetch } from './testing/xhr-over-fetch';

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

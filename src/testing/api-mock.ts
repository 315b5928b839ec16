// Test helper: what `vi.mock('@/lib/http/api-client', …)` answers when a screen test replaces a few of
// the api's methods and keeps the rest of the module (its errors, the other methods) as it is:
// vi.mock('@/lib/http/api-client', async (importOriginal) =>
//   (await import('@/testing/api-mock')).apiClientWith(importOriginal, (actual) => ({ get: … })));
import type * as ApiClient from '@/lib/http/api-client';

export async function apiClientWith(
  importOriginal: <T>() => Promise<T>,
  methods: (actual: typeof ApiClient) => Record<string, unknown>,
) {
  const actual = await importOriginal<typeof ApiClient>();
  return { ...actual, api: { ...actual.api, ...methods(actual) } };
}

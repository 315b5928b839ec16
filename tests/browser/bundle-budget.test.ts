// Issue flow 4, the CI gate on bundle size: the JavaScript a signed-in member downloads before
// /my-posts has rendered (fresh context, no service worker, no cache) is at most 170 KB gzip, and
// none of it is Quill (the editor loads only when an editor opens).
import { expect, test } from 'vitest';
import { signUpViaApi } from './support/api.mjs';
import { FIRST_RENDER_BUDGET_BYTES, formatKiB, measureFirstRenderJs } from './support/first-render-js.mjs';
import { useE2e } from './harness';
import { expectSignedInShell, screenHeading } from './flows';

const e2e = useE2e();

test('the first render of /my-posts loads at most 170 KB of gzipped JavaScript and no Quill', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const result = await measureFirstRenderJs(
    e2e.browser,
    e2e.server,
    session,
    async (page) => {
      await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor();
      await expectSignedInShell(page);
    },
    (page) => e2e.watch(page),
  );

  console.log(
    `First-render JavaScript of /my-posts: ${formatKiB(result.totalGzip)} gzip ` +
      `(${formatKiB(result.totalRaw)} raw, ${result.files.length} files; budget ${formatKiB(FIRST_RENDER_BUDGET_BYTES)})\n` +
      result.files
        .map((f) => `  ${formatKiB(f.gzip).padStart(9)}  ${f.path}${f.quill ? '  (Quill)' : ''}`)
        .join('\n'),
  );
  expect(result.finalPath).toBe('/my-posts');
  expect(result.files.length).toBeGreaterThan(0);
  expect(result.files.every((f) => f.status === 200 || f.status === 304)).toBe(true);
  expect(result.quillFiles).toEqual([]);
  expect(result.totalGzip).toBeLessThanOrEqual(FIRST_RENDER_BUDGET_BYTES);
});

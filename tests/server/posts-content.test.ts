// Rich text of posts and comments through the API (docs/SECURITY-CHECKS.md "Content"): what the spec §9
// toolbars make survives; the attack list is removed on create and on edit, so no answer (the post,
// the feed, a comment) ever carries it; links keep only http, https and mailto, with rel noopener.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Comment, Post } from '../../src/contract/posts';
import { createTestApp, type TestApp } from './helpers';
import { caller, comment, feed, friends, post, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
let bob: Person;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [ann, bob] = (await friends(t.app, 2)) as [Person, Person];
});
afterAll(() => t.close());

/** docs/SECURITY-CHECKS.md's attack list (plus Quill's image and video blots: no media inside a post's text). */
const ATTACKS: [string, string][] = [
  ['script', '<p>a<script>alert(1)</script>b</p>'],
  ['img onerror', '<p>a<img src=x onerror="alert(1)">b</p>'],
  ['img onloadstart', '<p>a<img onloadstart="alert(1)" src="x.png">b</p>'],
  ['javascript: link', '<p><a href="javascript:alert(1)">x</a></p>'],
  ['entity-encoded javascript: link', '<p><a href="&#106;avascript:alert(1)">x</a></p>'],
  ['data: link', '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a></p>'],
  ['svg onload', '<p>a<svg onload="alert(1)"><circle r="1"/></svg>b</p>'],
  ['iframe', '<p>a<iframe src="https://evil.example"></iframe>b</p>'],
  ['style', '<style>body{display:none}</style><p>ab</p>'],
  ['base', '<base href="https://evil.example/"><p>ab</p>'],
  ['form', '<form action="https://evil.example"><input name="password"></form><p>ab</p>'],
  ['event handler', '<p onclick="alert(1)" onmouseover="alert(1)">ab</p>'],
  ['image blot', '<p>a<img src="https://example.com/cat.png">b</p>'],
  [
    'video blot',
    '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://youtube.com/embed/x"></iframe><p>ab</p>',
  ],
];

/** Nothing that can run, load or restyle the page is left. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<\s*(script|img|svg|iframe|style|base|form|input|object|embed|video)/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:/i);
}

describe('posts', () => {
  test.each(ATTACKS)('%s is removed on create; the text stays', async (_name, html) => {
    const res = await call('POST', '/posts', ann, { content: html });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json<{ data: Post }>().data;
    expectHarmless(stored.content);
    const inFeed = (await feed(t.app, bob, 'limit=100')).data.find((p) => p.id === stored.id)!;
    expectHarmless(inFeed.content);
    expect(inFeed.content).toBe(stored.content);
  });

  test('the attack list is removed on edit too', async () => {
    const p = await post(t.app, ann);
    for (const [name, html] of ATTACKS) {
      const res = await call('PUT', `/posts/${p.id}`, ann, { content: html });
      expect(res.statusCode, name).toBe(200);
      expectHarmless(res.json<{ data: Post }>().data.content);
    }
  });

  test('what the desktop and mobile toolbars make survives as it is', async () => {
    const html =
      '<h1 class="ql-align-center">Title</h1><h4>Small</h4>' +
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s>' +
      '<span class="ql-color-red ql-bg-yellow">c</span>' +
      '<span class="ql-font-serif">f</span><span class="ql-font-monospace">m</span></p>' +
      '<p class="ql-align-right ql-indent-2">r</p>' +
      '<ol><li data-list="ordered">o</li><li data-list="bullet">b</li>' +
      '<li data-list="checked">c</li><li data-list="unchecked">u</li></ol>';
    const p = await post(t.app, ann, { content: html });
    expect(p.content).toBe(html);
  });

  test("the fuller toolbar's images (ours), videos (allowed players) and tables survive; other colours go", async () => {
    const media = '/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666';
    const html =
      `<p>a<img src="${media}" />b</p>` +
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>' +
      '<table><tbody><tr><td data-row="row-ab12">1</td><td data-row="row-ab12">2</td></tr></tbody></table>';
    const p = await post(t.app, ann, { content: html });
    expect(p.content).toBe(html);
    const coloured = await post(t.app, ann, { content: '<p><span style="color:#ffffff">white</span></p>' });
    expect(coloured.content).toBe('<p><span>white</span></p>');
  });

  test('a post may be only a video or an image in its text', async () => {
    const video =
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/76979871"></iframe>';
    expect((await post(t.app, ann, { content: video })).content).toBe(video);
    const nothing = await call('POST', '/posts', ann, {
      content: '<iframe src="https://evil.example"></iframe>',
    });
    expect(nothing.statusCode).toBe(400);
  });

  test('links keep http, https and mailto, and open with rel noopener', async () => {
    const p = await post(t.app, ann, {
      content:
        '<p><a href="https://example.com/a">h</a> <a href="http://example.com">p</a> ' +
        '<a href="mailto:ann@example.com" target="_self" rel="opener">m</a> <a href="ftp://example.com">f</a></p>',
    });
    expect(p.content).toBe(
      '<p><a href="https://example.com/a" rel="noopener noreferrer" target="_blank">h</a> ' +
        '<a href="http://example.com" rel="noopener noreferrer" target="_blank">p</a> ' +
        '<a href="mailto:ann@example.com" target="_blank" rel="noopener noreferrer">m</a> ' +
        '<a rel="noopener noreferrer" target="_blank">f</a></p>',
    );
  });
});

describe('comments', () => {
  test('keep no images, videos or tables (the compact toolbar offers none)', async () => {
    const p = await post(t.app, ann);
    const c = await comment(t.app, bob, p.id, {
      content:
        '<p>a<img src="/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666">b</p>' +
        '<iframe class="ql-video" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>' +
        '<table><tbody><tr><td data-row="row-1">c</td></tr></tbody></table>',
    });
    expect(c.content).toBe('<p>ab</p>c');
  });

  test.each(ATTACKS)('%s is removed from a comment and its edit', async (_name, html) => {
    const p = await post(t.app, ann);
    const c = await comment(t.app, bob, p.id, { content: html });
    expectHarmless(c.content);
    const listed = (await call('GET', `/comments/post/${p.id}`, ann)).json<{ data: Comment[] }>().data[0]!;
    expectHarmless(listed.content);
    const edited = await call('PUT', `/comments/${c.id}`, bob, { content: html });
    expect(edited.statusCode).toBe(200);
    expectHarmless(edited.json<{ data: Comment }>().data.content);
  });
});

// What a message may hold: a plain-text subject of at most 200 characters, and content of Quill HTML
// or plain text, sanitised, with 1 to 20000 characters of text (docs/SECURITY-CHECKS.md "Content").
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGE_CONTENT_MAX_TEXT, MESSAGE_SUBJECT_MAX } from '../../src/contract/messages';
import { richTextOf } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { caller, friends, messageBody, type Person } from './messages-fixtures';

let t: TestApp;
let ann: Person;
let bob: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [ann, bob] = (await friends(t.app)) as [Person, Person];
});
afterAll(() => t.close());

const post = (overrides: Record<string, unknown>) =>
  call('POST', '/messages', ann, messageBody(bob.id, overrides));

describe('limits', () => {
  test('the limits of the messages contract: subject 200, content 20000 characters of text', () => {
    expect(MESSAGE_SUBJECT_MAX).toBe(200);
    expect(MESSAGE_CONTENT_MAX_TEXT).toBe(20_000);
  });

  test('subject: 200 characters pass, 201 are refused on body.subject', async () => {
    const ok = await post({ subject: 'é'.repeat(200) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.subject).toBe('é'.repeat(200));
    const over = await post({ subject: 'x'.repeat(201) });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields[0].field).toBe('body.subject');
  });

  test('the subject may be left out or empty', async () => {
    const { subject: _s, ...noSubject } = messageBody(bob.id);
    const res = await call('POST', '/messages', ann, noSubject);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.subject).toBe('');
    expect((await post({ subject: '' })).statusCode).toBe(201);
  });

  test('content: 20000 characters of text pass (markup not counted), 20001 are refused on body.content', async () => {
    const full = await post({ content: richTextOf(20_000) });
    expect(full.statusCode).toBe(201);
    expect(full.json().data.content).toBe(richTextOf(20_000));
    const plain = await post({ content: 'p'.repeat(20_000) });
    expect(plain.statusCode).toBe(201);
    for (const content of [richTextOf(20_001), 'p'.repeat(20_001)]) {
      const over = await post({ content });
      expect(over.statusCode).toBe(400);
      expect(over.json().error.fields).toEqual([
        { field: 'body.content', message: expect.stringContaining('20000') },
      ]);
    }
  });

  test('content with no text at all (an empty editor) is refused', async () => {
    for (const content of ['', '<p><br></p>', '<script>alert(1)</script>']) {
      const res = await post({ content });
      expect(res.statusCode, content).toBe(400);
    }
  });
});

describe('XSS', () => {
  // docs/SECURITY-CHECKS.md's attack list: what runs is dropped from the content, the text stays.
  const attacks: [string, string][] = [
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<p>Hi<img src=x onerror=alert(1)></p>', '<p>Hi</p>'],
    ['<p onclick="x()">Hi<img onloadstart=alert(1)></p>', '<p>Hi</p>'],
    [
      '<p><a href="javascript:alert(1)">link</a></p>',
      '<p><a rel="noopener noreferrer" target="_blank">link</a></p>',
    ],
    [
      '<p><a href="&#106;avascript:alert(1)">link</a></p>',
      '<p><a rel="noopener noreferrer" target="_blank">link</a></p>',
    ],
    [
      '<p><a href="data:text/html,<script>alert(1)</script>">link</a></p>',
      '<p><a rel="noopener noreferrer" target="_blank">link</a></p>',
    ],
    ['<p>Hi<svg onload=alert(1)></svg></p>', '<p>Hi</p>'],
    ['<p>Hi</p><iframe src="//evil.example"></iframe>', '<p>Hi</p>'],
    ['<style>p{color:red}</style><p>Hi</p>', '<p>Hi</p>'],
    ['<base href="//evil.example/"><p>Hi</p>', '<p>Hi</p>'],
    ['<form action="//evil.example"><p>Hi</p></form>', '<p>Hi</p>'],
    ['<p>Hi</p><iframe class="ql-video" src="https://evil.example/v"></iframe>', '<p>Hi</p>'],
    ['<p>Hi <span class="ql-formula" data-value="x">x</span></p>', '<p>Hi <span>x</span></p>'],
  ];
  test.each(attacks)('%s', async (content, expected) => {
    const res = await post({ content });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content).toBe(expected);
    const stored = await call('GET', `/messages/${res.json().data.id}`, bob);
    expect(stored.json().data.content).toBe(expected);
  });

  test('allowed formatting is kept', async () => {
    const content =
      '<p class="ql-align-center"><strong>B</strong> <em>I</em> <u>U</u> <s>S</s> ' +
      '<span class="ql-color-red">red</span> <a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a></p>' +
      '<ol><li data-list="bullet">one</li></ol>';
    expect((await post({ content })).json().data.content).toBe(content);
  });

  test('plain text stays text: markup-like characters are escaped, not run', async () => {
    const res = await post({ content: 'if a < b && c > d then "go"' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content).toBe('if a &lt; b &amp;&amp; c &gt; d then "go"');
  });

  test('the subject is plain text: kept as typed and answered as JSON', async () => {
    const subject = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    const res = await post({ subject });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().data.subject).toBe(subject);
  });
});

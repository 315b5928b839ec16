// The rich-text allow-list: what Quill 2's desktop toolbar makes survives; SECURITY.md's attack
// list is removed or neutralised; the text length counts characters, not markup.
import { describe, expect, test } from 'vitest';
import { sanitizeRichText } from '../../server/src/http/rich-text';

const clean = (html: string) => sanitizeRichText(html).html;

describe('sanitizeRichText keeps what the toolbar produces', () => {
  test.each([
    '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><br></p>',
    '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4>',
    '<p class="ql-align-center">c</p><p class="ql-align-right">r</p><p class="ql-align-justify">j</p>',
    '<p class="ql-indent-1">1</p><p class="ql-indent-8">8</p>',
    '<p><span class="ql-font-serif">s</span><span class="ql-font-monospace">m</span></p>',
    '<p><span style="color:#e60000;background-color:rgb(255, 255, 0)">c</span></p>',
    '<ol><li data-list="ordered">o</li><li class="ql-indent-1" data-list="bullet">b</li><li data-list="checked">c</li><li data-list="unchecked">u</li></ol>',
    '<ul><li>plain</li></ul>',
  ])('%s', (html) => {
    expect(clean(html)).toBe(html.replace('<br>', '<br />'));
  });

  test('links keep http, https and mailto, and always open safely', () => {
    for (const href of ['https://example.com/a?b=1', 'http://example.com', 'mailto:ann@example.com']) {
      expect(clean(`<a href="${href}" target="_self" rel="opener">x</a>`)).toBe(
        `<a href="${href}" target="_blank" rel="noopener noreferrer">x</a>`,
      );
      expect(clean(`<a href="${href}">x</a>`)).toBe(
        `<a href="${href}" rel="noopener noreferrer" target="_blank">x</a>`,
      );
    }
  });

  test('formats outside the allow-list lose the attribute, not the text', () => {
    expect(clean('<p class="ql-indent-9 ql-align-left evil">x</p>')).toBe('<p>x</p>');
    expect(clean('<span style="color:red;position:fixed;background-color:url(x)">x</span>')).toBe(
      '<span>x</span>',
    );
    expect(clean('<span class="ql-size-huge">x</span>')).toBe('<span>x</span>');
    expect(clean('<ol><li data-list="evil">x</li></ol>')).toBe('<ol><li>x</li></ol>');
    expect(clean('<h5>five</h5><blockquote>q</blockquote><pre>p</pre>')).toBe('fiveqp');
  });
});

describe('sanitizeRichText removes the attack list', () => {
  test.each([
    ['<script>', '<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<img src=x onerror>', '<p>a<img src=x onerror="alert(1)">b</p>', '<p>ab</p>'],
    ['<img onloadstart>', '<img onloadstart="alert(1)" src="x.png">', ''],
    [
      'javascript: href',
      '<a href="javascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer" target="_blank">x</a>',
    ],
    [
      'entity-encoded javascript: href',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer" target="_blank">x</a>',
    ],
    [
      'javascript: with a tab',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a rel="noopener noreferrer" target="_blank">x</a>',
    ],
    [
      'data: href',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
      '<a rel="noopener noreferrer" target="_blank">x</a>',
    ],
    [
      'protocol-relative href',
      '<a href="//evil.example">x</a>',
      '<a rel="noopener noreferrer" target="_blank">x</a>',
    ],
    ['event handlers', '<p onclick="alert(1)" onmouseover="alert(1)">x</p>', '<p>x</p>'],
    ['<svg onload>', '<svg onload="alert(1)"><text>x</text></svg>', ''],
    ['<iframe>', '<iframe src="https://evil.example"></iframe>', ''],
    ['<style>', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<base>', '<base href="https://evil.example/"><p>x</p>', '<p>x</p>'],
    ['<form>', '<form action="https://evil.example"><input name="password"><button>go</button></form>', 'go'],
    ['formula blot', '<span class="ql-formula" data-value="e=mc^2">e=mc^2</span>', '<span>e=mc^2</span>'],
    [
      'video blot',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/x"></iframe>',
      '',
    ],
  ])('%s', (_name, dirty, expected) => {
    expect(clean(dirty)).toBe(expected);
  });
});

describe('textLength', () => {
  test('counts the characters a reader sees, not the markup', () => {
    expect(sanitizeRichText('<p><strong>ab</strong> <span style="color:#000">c</span></p>').textLength).toBe(
      4,
    );
    expect(sanitizeRichText('<p>a &amp; b &lt;c&gt;</p>').textLength).toBe(9);
    expect(sanitizeRichText('<p>a<script>12345</script></p>').textLength).toBe(1);
    expect(sanitizeRichText('<p><br></p>').textLength).toBe(0);
  });

  test('20000 characters of text in heavy formatting measure 20000', () => {
    const html = `<p>${'<span class="ql-font-serif" style="color:#ff0000">abcd</span>'.repeat(5_000)}</p>`;
    expect(sanitizeRichText(html).textLength).toBe(20_000);
  });
});

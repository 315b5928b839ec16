// The rich-text allow-list: what Quill 2's desktop toolbar makes survives; docs/SECURITY-CHECKS.md's attack
// list is removed or neutralised; the text length counts characters, not markup.
import { describe, expect, test } from 'vitest';
import { sanitizeRichText, type RichTextKind } from '../../server/src/http/rich-text';
import {
  COMPACT_TOOLBAR,
  DESKTOP_TOOLBAR,
  FULL_TOOLBAR,
  MOBILE_TOOLBAR,
  type ToolbarConfig,
} from '../../src/ui/rich-text-editor/toolbars';

const clean = (html: string) => sanitizeRichText(html).html;

describe('sanitizeRichText keeps what the toolbar produces', () => {
  test.each([
    '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><br></p>',
    '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4>',
    '<p class="ql-align-center">c</p><p class="ql-align-right">r</p><p class="ql-align-justify">j</p>',
    '<p class="ql-indent-1">1</p><p class="ql-indent-8">8</p>',
    '<p><span class="ql-font-serif">s</span><span class="ql-font-monospace">m</span></p>',
    '<p><span class="ql-color-red ql-bg-yellow">c</span></p>',
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
    // Colours outside the palette (white on white, yellow text in the light theme) are dropped.
    expect(clean('<span style="color:#ffffff;background-color:#ffff00">x</span>')).toBe('<span>x</span>');
    expect(clean('<span class="ql-color-white ql-bg-black ql-font-comic">x</span>')).toBe('<span>x</span>');
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

const MEDIA = '/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666';
const VIDEO = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
const post = (html: string) => sanitizeRichText(html, 'post').html;

/**
 * The HTML Quill 2 makes for each toolbar control and each value a picker offers (read from Quill's
 * blots: formats/*.js, and the attributors quill-formats.ts registers). A control missing here fails
 * the test below: a new button must say what it produces and the sanitiser must keep it.
 */
function producedBy(format: string, value: unknown): string {
  const inline = (tag: string) => `<p>a<${tag}>b</${tag}>c</p>`;
  switch (format) {
    case 'bold':
      return inline('strong');
    case 'italic':
      return inline('em');
    case 'underline':
      return inline('u');
    case 'strike':
      return inline('s');
    case 'link':
      return '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">l</a></p>';
    case 'clean':
      return '<p>plain</p>';
    case 'color':
      return value ? `<p><span class="ql-color-${String(value)}">c</span></p>` : '<p>c</p>';
    case 'background':
      return value ? `<p><span class="ql-bg-${String(value)}">c</span></p>` : '<p>c</p>';
    case 'font':
      return value ? `<p><span class="ql-font-${String(value)}">f</span></p>` : '<p>f</p>';
    case 'header':
      return value ? `<h${Number(value)}>t</h${Number(value)}>` : '<p>t</p>';
    case 'list': {
      const kinds = value === 'check' ? ['checked', 'unchecked'] : [String(value)];
      return `<ol>${kinds.map((k) => `<li data-list="${k}">i</li>`).join('')}</ol>`;
    }
    case 'indent':
      return '<p class="ql-indent-1">1</p><p class="ql-indent-8">8</p>';
    case 'align':
      return value ? `<p class="ql-align-${String(value)}">a</p>` : '<p>a</p>';
    case 'image':
      return `<p>a<img src="${MEDIA}" />b</p>`;
    case 'video':
      return `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${VIDEO}"></iframe><p>a</p>`;
    case 'table':
      return (
        '<table><tbody><tr><td data-row="row-ab12">1</td><td data-row="row-ab12">2</td></tr>' +
        '<tr><td data-row="row-9xyz">3</td><td data-row="row-9xyz">4</td></tr></tbody></table>'
      );
    default:
      throw new Error(`no sample HTML for the toolbar control "${format}"`);
  }
}

/** Every control and picker value of a toolbar, as [format, value]. */
function controlsOf(toolbar: ToolbarConfig): [string, unknown][] {
  // Quill's align picker lists its default values when given [] (formats/align.js whitelist).
  const defaults: Record<string, unknown[]> = { align: [false, 'center', 'right', 'justify'] };
  return toolbar.flatMap((group) =>
    group.flatMap((control): [string, unknown][] => {
      if (typeof control === 'string') return [[control, true]];
      return Object.entries(control).flatMap(([format, value]): [string, unknown][] => {
        if (!Array.isArray(value)) return [[format, value]];
        const values = value.length === 0 ? (defaults[format] ?? []) : value;
        expect(values.length, `${format} picker lists its values`).toBeGreaterThan(0);
        return values.map((v): [string, unknown] => [format, v]);
      });
    }),
  );
}

describe('what each toolbar offers is what the sanitiser keeps', () => {
  const editors: [string, ToolbarConfig, RichTextKind][] = [
    ['posts, desktop', DESKTOP_TOOLBAR, 'post'],
    ['posts, mobile', MOBILE_TOOLBAR, 'post'],
    ["posts written with the generic editor's fuller toolbar", FULL_TOOLBAR, 'post'],
    ['every other form (compact)', COMPACT_TOOLBAR, 'text'],
  ];
  test.each(editors)('%s: every control and value survives as it is', (_name, toolbar, kind) => {
    const controls = controlsOf(toolbar);
    expect(controls.length).toBeGreaterThan(5);
    for (const [format, value] of controls) {
      const html = producedBy(format, value);
      expect(sanitizeRichText(html, kind).html, `${format}: ${String(value)}`).toBe(html);
    }
  });

  test("the posts toolbars hold the spec's buttons only; the fuller one links, images, videos and tables; the compact one links", () => {
    const names = (toolbar: ToolbarConfig) => controlsOf(toolbar).map(([format]) => format);
    for (const toolbar of [DESKTOP_TOOLBAR, MOBILE_TOOLBAR])
      for (const format of ['link', 'image', 'video', 'table']) expect(names(toolbar)).not.toContain(format);
    expect(names(FULL_TOOLBAR)).toEqual(expect.arrayContaining(['link', 'image', 'video', 'table']));
    expect(names(COMPACT_TOOLBAR)).toContain('link');
    expect(names(COMPACT_TOOLBAR)).not.toEqual(expect.arrayContaining(['image']));
  });

  test('images, videos and tables are kept in posts only', () => {
    for (const format of ['image', 'video', 'table']) {
      const html = producedBy(format, true);
      expect(clean(html), format).not.toMatch(/<(img|iframe|table|td)\b/);
      expect(post(html), format).toBe(html);
    }
  });

  test('anything the toolbars do not offer is dropped, in posts too', () => {
    expect(post('<p class="ql-align-left ql-direction-rtl"><span class="ql-size-huge">x</span></p>')).toBe(
      '<p><span>x</span></p>',
    );
    expect(post('<span style="color:#e60000;background-color:#ffff00">x</span>')).toBe('<span>x</span>');
    expect(post('<h5>5</h5><blockquote>q</blockquote><pre>p</pre><code>c</code>')).toBe('5qpc');
    expect(post('<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>')).toBe(
      '<table><tr>h</tr><tbody><tr><td>d</td></tr></tbody></table>',
    );
    expect(post(`<p><img src="${MEDIA}" alt="a" width="9000" height="1" title="t" /></p>`)).toBe(
      `<p><img src="${MEDIA}" /></p>`,
    );
  });
});

describe('script smuggled through each format is removed (posts and every other field)', () => {
  const kinds: RichTextKind[] = ['post', 'text'];
  /** Nothing left that runs, loads from elsewhere or restyles the page. */
  function expectInert(html: string, why: string) {
    expect(html, why).not.toMatch(/<\s*(script|svg|math|style|object|embed|base|form|frame|frameset)\b/i);
    expect(html, why).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html, why).not.toMatch(/javascript:|vbscript:|data:|srcdoc|style=|expression\(|url\(/i);
    for (const [, src = ''] of html.matchAll(/\ssrc="([^"]*)"/g))
      expect(
        [MEDIA, VIDEO].includes(src) || /^https:\/\/player\.vimeo\.com\/video\/\d+$/.test(src),
        why,
      ).toBe(true);
    for (const [, href = ''] of html.matchAll(/\shref="([^"]*)"/g))
      expect(href, why).toMatch(/^(https?:|mailto:)/i);
  }

  const LINKS = [
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;&#97;vascript:alert(1)">x</a>',
    '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="java\nscript:alert(1)">x</a>',
    '<a href=" \u0001javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="//evil.example">x</a>',
    '<a href="https://ok.example" onclick="alert(1)" style="position:fixed">x</a>',
  ];
  const IMAGES = [
    `<img src="${MEDIA}" onerror="alert(1)">`,
    '<img src="javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<img src="https://evil.example/x.png">',
    '<img src="//evil.example/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666">',
    `<img src="https://evil.example${MEDIA}">`,
    '<img src="/api/v1.0/media/../../auth/logout">',
    '<img src="/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666/../../x">',
    `<img src="${MEDIA}?x=1">`,
    `<img src="${MEDIA}" srcset="https://evil.example/x.png 1x">`,
    '<img src=x onloadstart=alert(1)>',
  ];
  const VIDEOS = [
    '<iframe class="ql-video" src="javascript:alert(1)"></iframe>',
    '<iframe class="ql-video" src="data:text/html,<script>alert(1)</script>"></iframe>',
    '<iframe class="ql-video" src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe class="ql-video" src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe class="ql-video" src="https://evil.example/?u=https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe class="ql-video" srcdoc="<script>alert(1)</script>"></iframe>',
    `<iframe class="ql-video" src="${VIDEO}" srcdoc="<script>alert(1)</script>" onload="alert(1)" style="position:fixed" allow="camera" sandbox="allow-scripts allow-same-origin" name="x"></iframe>`,
    '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&amp;origin=javascript:alert(1)"></iframe>',
    `<iframe class="ql-video" src="${VIDEO}"><script>alert(1)</script></iframe>`,
    '<iframe class="ql-video" src="https://user:pw@player.vimeo.com/video/1"></iframe>',
  ];
  const TABLES = [
    '<table onmouseover="alert(1)"><tbody><tr onclick="alert(1)"><td data-row="row-1" onfocus="alert(1)" autofocus tabindex="0">x</td></tr></tbody></table>',
    '<table style="background:url(javascript:alert(1))"><tbody><tr><td style="width:expression(alert(1))">x</td></tr></tbody></table>',
    '<table><tbody><tr><td data-row="row-1"><script>alert(1)</script>x<img src=x onerror=alert(1)></td></tr></tbody></table>',
    '<table><tbody><tr><td data-row="&quot; onclick=&quot;alert(1)">x</td></tr></tbody></table>',
    '<table background="javascript:alert(1)"><tbody><tr><td>x<svg onload=alert(1)></svg></td></tr></tbody></table>',
  ];
  const COLOURS = [
    '<span class="ql-color-red" style="color:red;background:url(javascript:alert(1))">x</span>',
    '<span style="color: expression(alert(1))">x</span>',
    '<span style="color:#fff;-moz-binding:url(https://evil.example/x.xml#x)">x</span>',
    '<span class="ql-color-red&quot; onclick=&quot;alert(1)">x</span>',
    '<span class="ql-color-red" onmouseover="alert(1)">x</span>',
    '<p style="color:red;behavior:url(x.htc)">x</p>',
  ];
  const all: [string, string][] = [
    ...LINKS.map((h): [string, string] => ['link', h]),
    ...IMAGES.map((h): [string, string] => ['image', h]),
    ...VIDEOS.map((h): [string, string] => ['video', h]),
    ...TABLES.map((h): [string, string] => ['table', h]),
    ...COLOURS.map((h): [string, string] => ['colour', h]),
  ];
  test.each(all)('%s: %s', (_format, attack) => {
    for (const kind of kinds) {
      const html = sanitizeRichText(`<p>Hi</p>${attack}`, kind).html;
      expectInert(html, `${kind}: ${html}`);
      expect(html).toContain('Hi');
    }
  });

  test('what stays of an attack is its allowed part only, rebuilt', () => {
    expect(post(`<p><img src="${MEDIA}" onerror="alert(1)"></p>`)).toBe(`<p><img src="${MEDIA}" /></p>`);
    expect(post(VIDEOS[6]!)).toBe(
      `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${VIDEO}"></iframe>`,
    );
    // A script inside the frame goes; a frame with text is not Quill's: it goes whole, with its text.
    expect(post(VIDEOS[8]!)).toBe(
      `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${VIDEO}"></iframe>`,
    );
    expect(post(`<iframe class="ql-video" src="${VIDEO}">text<b>more</b></iframe><p>a</p>`)).toBe('<p>a</p>');
    expect(post(TABLES[0]!)).toBe('<table><tbody><tr><td data-row="row-1">x</td></tr></tbody></table>');
    expect(post(TABLES[3]!)).toBe('<table><tbody><tr><td>x</td></tr></tbody></table>');
    expect(post(COLOURS[0]!)).toBe('<span class="ql-color-red">x</span>');
  });

  test('video addresses members paste become the allowed players, rebuilt from the id', () => {
    const cases: [string, string][] = [
      ['https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0', VIDEO],
      ['https://youtube.com/embed/dQw4w9WgXcQ', VIDEO],
      ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', VIDEO],
      ['https://player.vimeo.com/video/76979871/', 'https://player.vimeo.com/video/76979871'],
    ];
    for (const [src, kept] of cases)
      expect(post(`<iframe class="ql-video" src="${src}"></iframe>`)).toBe(
        `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${kept}"></iframe>`,
      );
    // Not a video id: dropped.
    expect(post('<iframe class="ql-video" src="https://www.youtube.com/embed/x"></iframe>')).toBe('');
    expect(post('<iframe class="ql-video" src="https://player.vimeo.com/video/abc"></iframe>')).toBe('');
  });
});

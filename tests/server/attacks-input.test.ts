// Attacks through input, against a listening server: the XSS list in every rich-text and
// plain-text field, SQL metacharacters in every search and filter, oversized and deeply nested
// bodies, hostile uploads, and hostile socket handshakes and payloads (docs/SECURITY-CHECKS.md "Content",
// "Uploads", "Input in general"; ASVS 1.3.1, 5.2.1–5.4.1, 4.4.2).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_QUOTA_BYTES } from '../../server/src/media/media-processing';
import { postRoom } from '../../server/src/realtime/realtime';
import { jpeg, PDF, png, SVG } from './media-fixtures';
import {
  connected,
  expectClean,
  refused,
  SQL_ATTACKS,
  startServer,
  tableCounts,
  XSS_ATTACKS,
  type Answer,
  type Attacker,
  type Server,
} from './attack-fixtures';

let s: Server;
let me: Attacker;
let pal: Attacker;
let carId: string;
let postId: string;

beforeAll(async () => {
  s = await startServer();
  me = await s.member({ firstName: 'Inès', lastName: "O'Brien%_" });
  pal = await s.member({ firstName: 'Paul', lastName: 'Pal' });
  await s.befriend(me, pal);
  const car = await s.call('POST', '/cars', me, { make: 'Alpine', model: 'A110' });
  carId = car.json.data.id;
  await s.call('POST', '/car-logs', me, {
    carId,
    type: 'maintenance',
    title: 'Oil',
    startDate: '2025-01-02',
  });
  postId = (await s.call('POST', '/posts', me, { content: '<p>Track day</p>' })).json.data.id;
}, 60_000);
afterAll(() => s.close());

const data = (a: Answer, status = 201) => {
  expect(a.status, a.text).toBe(status);
  return a.json.data;
};

// ---------------------------------------------------------------------------------------------
// XSS

interface RichField {
  name: string;
  /** Stores `html` in a new object; answers the object's id and the HTML the answer carries. */
  create(html: string): Promise<{ id: string; html: string }>;
  /** The stored HTML as a later read answers it. */
  read(id: string): Promise<string>;
  /** Stores `html` in an existing object, when the field can be edited. */
  update?(id: string, html: string): Promise<string>;
}

const formOf = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), 'a.png');
  return body;
};

/** Every rich-text field of the API (chat messages: append a row). */
const RICH_FIELDS: RichField[] = [
  {
    name: 'car description',
    async create(html) {
      const car = data(await s.call('POST', '/cars', me, { make: 'A', model: 'B', description: html }));
      return { id: car.id, html: car.description };
    },
    read: async (id) => data(await s.call('GET', `/cars/${id}`, me), 200).description,
    update: async (id, html) =>
      data(await s.call('PUT', `/cars/${id}`, me, { description: html }), 200).description,
  },
  {
    name: 'car description (multipart)',
    async create(html) {
      const car = data(
        await s.call('POST', '/cars/with-image', me, formOf({ make: 'A', model: 'B', description: html })),
      );
      return { id: car.id, html: car.description };
    },
    read: async (id) => data(await s.call('GET', `/cars/${id}`, me), 200).description,
    update: async (id, html) =>
      data(
        await s.call(
          'PUT',
          `/cars/${id}/with-image`,
          me,
          formOf({ description: html }, { name: 'image', bytes: image }),
        ),
        200,
      ).description,
  },
  {
    name: 'car log content',
    async create(html) {
      const log = data(
        await s.call('POST', '/car-logs', me, {
          carId,
          type: 'repair',
          title: 'T',
          startDate: '2025-01-01',
          content: html,
        }),
      );
      return { id: log.id, html: log.content };
    },
    read: async (id) => data(await s.call('GET', `/car-logs/log/${id}`, me), 200).content,
    update: async (id, html) =>
      data(await s.call('PUT', `/car-logs/${id}`, me, { content: html }), 200).content,
  },
  {
    name: 'car log content (multipart)',
    async create(html) {
      const log = data(
        await s.call(
          'POST',
          '/car-logs/with-media',
          me,
          formOf({ carId, type: 'repair', title: 'T', startDate: '2025-01-01', content: html }),
        ),
      );
      return { id: log.id, html: log.content };
    },
    read: async (id) => data(await s.call('GET', `/car-logs/log/${id}`, me), 200).content,
    update: async (id, html) =>
      data(await s.call('PUT', `/car-logs/${id}/with-media`, me, formOf({ content: html })), 200).content,
  },
  {
    name: 'post content',
    async create(html) {
      const post = data(await s.call('POST', '/posts', me, { content: html }));
      return { id: post.id, html: post.content };
    },
    read: async (id) => data(await s.call('GET', `/posts/${id}`, pal), 200).content,
    update: async (id, html) => data(await s.call('PUT', `/posts/${id}`, me, { content: html }), 200).content,
  },
  {
    name: 'post content (multipart)',
    async create(html) {
      const post = data(
        await s.call(
          'POST',
          '/posts/with-image',
          me,
          formOf({ content: html }, { name: 'image', bytes: image }),
        ),
      );
      return { id: post.id, html: post.content };
    },
    read: async (id) => data(await s.call('GET', `/posts/${id}`, pal), 200).content,
    update: async (id, html) =>
      data(
        await s.call(
          'PUT',
          `/posts/${id}/with-image`,
          me,
          formOf({ content: html }, { name: 'image', bytes: image }),
        ),
        200,
      ).content,
  },
  {
    name: 'comment content',
    async create(html) {
      const comment = data(await s.call('POST', '/comments', pal, { postId, content: html }));
      return { id: comment.id, html: comment.content };
    },
    read: async (id) => data(await s.call('GET', `/comments/${id}`, me), 200).content,
    update: async (id, html) =>
      data(await s.call('PUT', `/comments/${id}`, pal, { content: html }), 200).content,
  },
  {
    name: 'message content',
    async create(html) {
      const message = data(
        await s.call('POST', '/messages', me, { recipientId: pal.id, subject: 's', content: html }),
      );
      return { id: message.id, html: message.content };
    },
    read: async (id) => data(await s.call('GET', `/messages/${id}`, pal), 200).content,
  },
  {
    name: 'profile bio',
    async create(html) {
      const profile = data(await s.call('PUT', '/users/me', pal, { bio: html }), 200);
      return { id: pal.id, html: profile.bio };
    },
    // As a friend sees it on the profile page.
    read: async (id) => data(await s.call('GET', `/users/${id}`, me), 200).bio,
  },
];

let image: Buffer;
beforeAll(async () => {
  image = await png(8, 8);
});

describe('XSS in rich-text fields', () => {
  it.each(RICH_FIELDS.map((f) => [f.name, f] as const))(
    '%s: stored without anything that runs',
    async (_name, field) => {
      for (const attack of XSS_ATTACKS) {
        const { id, html } = await field.create(attack);
        expectClean(html, attack);
        expectClean(await field.read(id), attack);
        if (field.update) {
          const old = await field.update(id, '<p>Hi</p>');
          expect(old).toBe('<p>Hi</p>');
          expectClean(await field.update(id, attack), attack);
          expectClean(await field.read(id), attack);
        }
      }
    },
  );

  it('keeps the safe markup the toolbar makes (the sanitiser is not a blanket strip)', async () => {
    const safe =
      '<p><strong>Hi</strong> <a href="https://ok.example" rel="noopener noreferrer" target="_blank">ok</a></p>';
    const post = data(await s.call('POST', '/posts', me, { content: safe }));
    expect(post.content).toContain('<strong>Hi</strong>');
    expect(post.content).toContain('href="https://ok.example"');
  });
});

describe('XSS in plain-text fields', () => {
  // Plain text is data: stored as typed and only ever answered as JSON (the client renders it as
  // text, never as HTML), so the attack cannot run; what must not happen is an HTML answer.
  const attack = '<img src=x onerror=alert(1)><script>1</script>';
  const short = '<svg onload=alert(1)>';
  const fields: [string, () => Promise<Answer>, (a: Answer) => unknown, string][] = [
    [
      'car make',
      () => s.call('POST', '/cars', me, { make: attack, model: 'M' }),
      (a) => a.json.data.make,
      attack,
    ],
    [
      'car model',
      () => s.call('POST', '/cars', me, { make: 'A', model: attack }),
      (a) => a.json.data.model,
      attack,
    ],
    [
      'car nickname',
      () => s.call('POST', '/cars', me, { make: 'A', model: 'B', nickname: attack }),
      (a) => a.json.data.nickname,
      attack,
    ],
    [
      'car log title',
      () =>
        s.call('POST', '/car-logs', me, { carId, type: 'repair', title: attack, startDate: '2025-01-01' }),
      (a) => a.json.data.title,
      attack,
    ],
    [
      'car log location',
      () =>
        s.call('POST', '/car-logs', me, {
          carId,
          type: 'repair',
          title: 'T',
          location: attack,
          startDate: '2025-01-01',
        }),
      (a) => a.json.data.location,
      attack,
    ],
    [
      'car log tag',
      () =>
        s.call('POST', '/car-logs', me, {
          carId,
          type: 'repair',
          title: 'T',
          tags: [short],
          startDate: '2025-01-01',
        }),
      (a) => a.json.data.tags[0],
      short,
    ],
    [
      'message subject',
      () => s.call('POST', '/messages', me, { recipientId: pal.id, subject: attack, content: 'Hi' }),
      (a) => a.json.data.subject,
      attack,
    ],
    [
      'first name',
      () => s.call('PUT', '/users/me', pal, { firstName: attack }),
      (a) => a.json.data.firstName,
      attack,
    ],
    [
      'last name',
      () => s.call('PUT', '/users/me', pal, { lastName: attack }),
      (a) => a.json.data.lastName,
      attack,
    ],
    ['city', () => s.call('PUT', '/users/me', pal, { city: attack }), (a) => a.json.data.city, attack],
    [
      'chat message',
      () => s.call('POST', '/chat-messages', me, { recipientId: pal.id, content: attack }),
      (a) => a.json.data.content,
      attack,
    ],
    [
      'chat group name',
      () => s.call('POST', '/chat-groups', me, { name: short, description: 'd', memberIds: [pal.id] }),
      (a) => a.json.data.name,
      short,
    ],
    [
      'chat group description',
      () => s.call('POST', '/chat-groups', me, { name: 'n', description: attack, memberIds: [pal.id] }),
      (a) => a.json.data.description,
      attack,
    ],
  ];
  it.each(fields)('%s comes back as JSON data, never as HTML', async (_name, send, value, typed) => {
    const res = await send();
    expect([200, 201], res.text).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(value(res)).toBe(typed);
  });

  it('a NUL character is refused with 400 in bodies, forms and queries (PostgreSQL text cannot hold it)', async () => {
    const answers = [
      await s.call('POST', '/cars', me, { make: 'a\u0000b', model: 'M' }),
      await s.call('POST', '/car-logs', me, {
        carId,
        type: 'repair',
        title: 'T',
        tags: ['ok', 'n\u0000l'],
        startDate: '2025-01-01',
      }),
      await s.call('POST', '/cars/with-image', me, formOf({ make: 'a\u0000b', model: 'M' })),
      await s.call(
        'POST',
        '/cars/with-image',
        me,
        formOf({ data: JSON.stringify({ make: 'a\u0000b', model: 'M' }) }),
      ),
      await s.call('PUT', '/users/me', me, { city: '\u0000' }),
      await s.call('GET', `/users/search?q=${encodeURIComponent('ab\u0000')}`, me),
    ];
    for (const a of answers) {
      expect(a.status, a.text).toBe(400);
      expect(a.json).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('a username cannot hold markup at all', async () => {
    const res = await s.call('PUT', '/users/me', pal, { username: '<script>x' });
    expect(res.status).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------
// SQL

const TABLES = [
  'chat_messages',
  'users',
  'sessions',
  'refresh_tokens',
  'cars',
  'car_logs',
  'media',
  'posts',
  'comments',
  'messages',
  'notifications',
  'friendships',
  'friend_requests',
  'settings',
];

describe('SQL metacharacters in searches and filters', () => {
  const q = encodeURIComponent;
  /** Each probe: the call, and what a sane 200 answer may hold. */
  const probes: [string, (v: string) => Promise<Answer>, ((a: Answer, v: string) => void)?][] = [
    [
      'people search',
      (v) => s.call('GET', `/users/search?q=${q(v)}`, pal),
      (a, v) => {
        // Only people whose name, username or city holds the text, taken literally.
        for (const p of a.json.data as {
          firstName: string;
          lastName: string;
          username: string;
          city: string | null;
        }[]) {
          const hay = `${p.firstName} ${p.lastName} ${p.username} ${p.city ?? ''}`.toLowerCase();
          expect(hay, `${v} found ${hay}`).toContain(v.toLowerCase());
        }
      },
    ],
    [
      'car log type filter',
      (v) => s.call('GET', `/car-logs/${carId}?type=${q(v)}`, me),
      (a) => expect(a.json.data).toEqual([]),
    ],
    ['car log paging', (v) => s.call('GET', `/car-logs/${carId}?page=${q(v)}&limit=${q(v)}`, me)],
    ['cars of an owner', (v) => s.call('GET', `/cars/feed?ownerId=${q(v)}`, me)],
    ['cars paging', (v) => s.call('GET', `/cars/feed?limit=${q(v)}&offset=${q(v)}`, me)],
    ['feed cursor', (v) => s.call('GET', `/posts/feed?before=${q(v)}`, me)],
    ['messages folder', (v) => s.call('GET', `/messages?folder=${q(v)}&unreadOnly=${q(v)}`, me)],
    ['notifications', (v) => s.call('GET', `/notifications?unreadOnly=${q(v)}&offset=${q(v)}`, me)],
    ['friends paging', (v) => s.call('GET', `/friends?limit=${q(v)}&offset=${q(v)}`, me)],
    ['comments paging', (v) => s.call('GET', `/comments/post/${postId}?limit=${q(v)}`, me)],
    [
      'chat messages of a friend',
      (v) => s.call('GET', `/chat-messages?recipientId=${q(v)}&limit=${q(v)}`, me),
    ],
    ['chat groups paging', (v) => s.call('GET', `/chat-groups?withMembers=${q(v)}&offset=${q(v)}`, me)],
    ['a user id', (v) => s.call('GET', `/users/${q(v)}`, me)],
    ['a car id', (v) => s.call('GET', `/cars/${q(v)}`, me)],
    ['a legal document', (v) => s.call('GET', `/legal/${q(v)}`, null)],
    ['a reset token', (v) => s.call('GET', `/auth/validate-reset-token/${q(v)}`, null)],
    ['login e-mail', (v) => s.call('POST', '/auth/login', null, { email: v, password: v.padEnd(8, 'x') })],
    [
      'login e-mail as an address',
      (v) => s.call('POST', '/auth/login', null, { email: `${v}@example.com`, password: 'whatever-1234' }),
    ],
    [
      'forgot-password e-mail',
      (v) => s.call('POST', '/auth/forgot-password', null, { email: `x${v}@example.com` }),
    ],
    [
      'signup username',
      (v) =>
        s.call('POST', '/auth/signup', null, {
          email: `${randomUUID()}@example.com`,
          password: 'Vintage-Camshaft-1987!',
          username: v,
          firstName: 'a',
          lastName: 'b',
        }),
    ],
  ];

  it.each(probes)(
    '%s: 2xx or 4xx with sane results, never 500, tables intact',
    async (_name, probe, sane) => {
      const before = await tableCounts(s, TABLES);
      for (const attack of SQL_ATTACKS) {
        const res = await probe(attack);
        expect(res.status, `${attack}: ${res.text}`).toBeLessThan(500);
        expect(res.json, res.text).toMatchObject({ success: expect.any(Boolean) });
        expect(res.text.toLowerCase()).not.toMatch(/sqlite|syntax error|postgres|select |password_hash/);
        if (res.status === 200 && sane) sane(res, attack);
      }
      expect(await tableCounts(s, TABLES)).toEqual(before);
    },
  );

  it('LIKE wildcards are text: "%" and "_" find only names that hold them', async () => {
    const hits = async (v: string) =>
      data(await s.call('GET', `/users/search?q=${q(v)}`, pal), 200).map((p: { id: string }) => p.id);
    expect(await hits("o'brien%_")).toEqual([me.id]);
    expect(await hits('n%_')).toEqual([me.id]);
    expect(await hits('%_')).toEqual([me.id]);
    // Unescaped, these would match every member (or every name with an "i" before an "s").
    expect(await hits('%%')).toEqual([]);
    expect(await hits('__')).toEqual([]);
    expect(await hits('i%s')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Bodies

describe('oversized and deeply nested bodies', () => {
  it('answers 413 past the body limit, signed in or not, and keeps serving', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(1024 * 1024 + 10) });
    const signedIn = await s.call('POST', '/posts', me, big, { 'content-type': 'application/json' });
    expect(signedIn.status).toBe(413);
    expect(signedIn.json).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    const anonymous = await s.call(
      'POST',
      '/auth/login',
      null,
      JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      {
        'content-type': 'application/json',
      },
    );
    expect(anonymous.status).toBe(413);
    expect((await s.call('GET', '/health', null)).status).toBe(200);
  });

  it('answers 400 to deeply nested JSON, wherever the nesting is, and keeps serving', async () => {
    const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const bodies: [string, string, Attacker | null, string][] = [
      ['POST', '/posts', me, `{"content":"hi","junk":${arrays(100_000)}}`],
      ['POST', '/posts', me, `{"content":${objects(50_000)}}`],
      ['POST', '/cars', me, `{"make":"a","model":"b","junk":${objects(50_000)}}`],
      ['PUT', '/users/me', me, `{"city":"x","junk":${arrays(400_000)}}`],
      ['POST', '/auth/login', null, `{"email":"a@b.c","password":"xxxxxxxx","junk":${objects(100)}}`],
      ['POST', '/auth/signup', null, arrays(300_000)],
    ];
    for (const [method, url, who, body] of bodies) {
      const res = await s.call(method, url, who, body, { 'content-type': 'application/json' });
      expect(res.status, `${method} ${url}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.json).toMatchObject({ success: false });
    }
    // The `data` JSON field of an upload too.
    const upload = new FormData();
    upload.append('data', `{"make":"a","model":"b","junk":${arrays(1000)}}`);
    const deepUpload = await s.call('POST', '/cars/with-image', me, upload);
    expect(deepUpload.status, deepUpload.text).toBe(400);
    // The same bodies with a shallow extra field are fine (unknown fields are dropped).
    const shallow = await s.call('POST', '/cars', me, { make: 'a', model: 'b', junk: { a: [1, { b: 2 }] } });
    expect(shallow.status).toBe(201);
    expect(shallow.json.data.junk).toBeUndefined();
    expect((await s.call('GET', '/health', null)).status).toBe(200);
  });
});

describe('prototype pollution', () => {
  it('__proto__ and constructor keys in JSON, forms and queries pollute nothing', async () => {
    const poison = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}';
    const json = { 'content-type': 'application/json' };
    const form = new FormData();
    form.append('__proto__', 'yes');
    form.append('constructor', 'yes');
    form.append('data', `${poison},"make":"a","model":"b"}`);
    const answers = [
      await s.call('POST', '/posts', me, `${poison},"content":"hi"}`, json),
      await s.call('POST', '/cars', me, `${poison},"make":"a","model":"b"}`, json),
      await s.call('POST', `/posts/${postId}/like`, me, `${poison}}`, json),
      await s.call('POST', '/auth/logout', null, `${poison}}`, json),
      await s.call('POST', '/auth/login', null, `${poison},"email":"a@b.c","password":"xxxxxxxx"}`, json),
      await s.call('POST', '/cars/with-image', me, form),
      await s.call(
        'GET',
        '/users/search?q=ab&__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
        me,
      ),
    ];
    for (const a of answers) expect(a.status, a.text).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads

/** A PNG whose header declares `width`×`height` (a decompression bomb's promise), with one tiny IDAT. */
function declaredPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([len, typed, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // A few rows of zeros: real bombs compress gigabytes of zeros this way.
  const idat = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Upload {
  name: string;
  send(bytes: Buffer, filename: string, type: string): Promise<Answer>;
}

const fileForm = (
  field: string,
  fields: Record<string, string>,
  bytes: Buffer,
  filename: string,
  type: string,
) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
};

/** Every route that takes an image (the log route takes PDFs too). */
const UPLOADS: Upload[] = [
  {
    name: 'car image',
    send: (b, f, t) =>
      s.call('POST', '/cars/with-image', me, fileForm('image', { make: 'A', model: 'B' }, b, f, t)),
  },
  {
    name: 'car log media',
    send: (b, f, t) =>
      s.call(
        'POST',
        '/car-logs/with-media',
        me,
        fileForm('media', { carId, type: 'repair', title: 'T', startDate: '2025-01-01' }, b, f, t),
      ),
  },
  {
    name: 'post image',
    send: (b, f, t) => s.call('POST', '/posts/with-image', me, fileForm('image', { content: 'x' }, b, f, t)),
  },
  {
    name: 'avatar',
    send: (b, f, t) => s.call('PUT', '/users/me/avatar', me, fileForm('avatar', {}, b, f, t)),
  },
];

const mediaDir = () => path.join(s.t.dataDir, 'media');
const diskFiles = () => {
  try {
    return readdirSync(mediaDir()).sort();
  } catch {
    return [];
  }
};

describe('hostile uploads', () => {
  const hostile: [string, () => Promise<Buffer>, string, string, number[]][] = [
    ['an SVG with a script', async () => SVG, 'photo.png', 'image/png', [415]],
    ['an SVG declared as SVG', async () => SVG, 'photo.svg', 'image/svg+xml', [415]],
    [
      'a JPEG header followed by HTML',
      async () =>
        Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
      'x.jpg',
      'image/jpeg',
      [400, 415],
    ],
    [
      'HTML named as a JPEG',
      async () => Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      'x.jpg',
      'image/jpeg',
      [415],
    ],
    [
      'a script named as a PNG',
      async () => Buffer.from('#!/bin/sh\nrm -rf /\n'),
      'x.png',
      'image/png',
      [415],
    ],
    ['an empty file', async () => Buffer.alloc(0), 'x.png', 'image/png', [400, 415]],
    [
      'a PNG declaring 20000×20000 pixels',
      async () => declaredPng(20_000, 20_000),
      'bomb.png',
      'image/png',
      [413],
    ],
    [
      'a PNG declaring 8000×8000 pixels (past the 40-megapixel limit)',
      async () => declaredPng(8000, 8000),
      'bomb.png',
      'image/png',
      [413],
    ],
  ];

  it.each(UPLOADS.map((u) => [u.name, u] as const))(
    '%s: refuses scripts, wrong types and bombs, storing nothing',
    async (_n, upload) => {
      const files = diskFiles();
      for (const [what, make, filename, type, statuses] of hostile) {
        const res = await upload.send(await make(), filename, type);
        expect(statuses, `${what}: ${res.status} ${res.text}`).toContain(res.status);
        expect(res.json).toMatchObject({ success: false });
      }
      expect(diskFiles()).toEqual(files);
      // A PDF is a receipt: only the log route takes it.
      const pdf = await upload.send(PDF, 'receipt.pdf', 'application/pdf');
      expect(pdf.status, pdf.text).toBe(upload.name === 'car log media' ? 201 : 415);
      expect((await s.call('GET', '/health', null)).status).toBe(200);
    },
  );

  it('a polyglot image (PNG + HTML after it) is re-encoded: the payload never comes back', async () => {
    const payload = '<html><body><script>alert(document.domain)</script></body></html>';
    const polyglot = Buffer.concat([await png(12, 12), Buffer.from(payload)]);
    const withExif = Buffer.concat([await jpeg(12, 12), Buffer.from(payload)]);
    for (const bytes of [polyglot, withExif]) {
      const res = await s.call(
        'POST',
        '/car-logs/with-media',
        me,
        fileForm(
          'media',
          { carId, type: 'repair', title: 'T', startDate: '2025-01-01' },
          bytes,
          'evil.html',
          'text/html',
        ),
      );
      expect(res.status, res.text).toBe(201);
      const url = res.json.data.media[0].url as string;
      const served = await fetch(`${s.url}${url}`, { headers: { authorization: `Bearer ${me.token}` } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="[\w.-]+\.webp"$/);
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(body.toString('latin1')).not.toContain('<script');
      expect(body.toString('latin1')).not.toContain('Secret Garage');
    }
  });

  it('file names cannot escape: stored under server-made names, served with a clean name', async () => {
    const names = [
      '../../../../../../tmp/evil-traversal.png',
      '..\\..\\..\\evil-traversal.png',
      '/etc/passwd',
      '....//....//evil-traversal.png',
      '%2e%2e%2f%2e%2e%2fevil-traversal.png',
      'a\u0000b.png',
      'x"; filename="evil.html',
      `${'a'.repeat(400)}.png`,
    ];
    const bytes = await png(4, 4);
    for (const name of names) {
      const res = await s.call(
        'POST',
        '/car-logs/with-media',
        me,
        fileForm(
          'media',
          { carId, type: 'repair', title: 'T', startDate: '2025-01-01' },
          bytes,
          name,
          'image/png',
        ),
      );
      expect(res.status, `${name}: ${res.text}`).toBe(201);
      const served = await fetch(`${s.url}${res.json.data.media[0].url}`, {
        headers: { authorization: `Bearer ${me.token}` },
      });
      expect(served.status).toBe(200);
      const disposition = served.headers.get('content-disposition') ?? '';
      expect(disposition, name).toMatch(/^inline; filename="[\w.-]+\.webp"$/);
      expect(disposition, name).not.toContain('..');
    }
    // On disk: only server-made names, all inside DATA_DIR/media; nothing landed anywhere else.
    for (const file of diskFiles()) expect(file).toMatch(/^[0-9a-f-]{36}\.(webp|pdf)$/);
    const everywhere = (dir: string, depth = 0): string[] =>
      depth > 3
        ? []
        : readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? everywhere(path.join(dir, e.name), depth + 1) : [e.name],
          );
    expect(everywhere(s.t.dataDir).filter((f) => f.includes('evil'))).toEqual([]);
    expect(everywhere(path.dirname(s.t.dataDir), 1).filter((f) => f.includes('evil-traversal'))).toEqual([]);
    // The listed names hold no directory part.
    const files = data(await s.call('GET', '/files', me), 200) as { name: string }[];
    for (const f of files) expect(f.name).not.toMatch(/[\\/]|^\.\./);
  });

  it('GET /media never reads outside the media store', async () => {
    const secret = readFileSync(path.join(s.t.dataDir, 'jwt-secret'), 'utf8').trim();
    const paths = [
      '/media/..%2F..%2Fjwt-secret',
      '/media/..%2fjwt-secret',
      '/media/%2e%2e%2f%2e%2e%2fjwt-secret',
      '/media/....%2F%2Fjwt-secret',
      '/media/..%5C..%5Cjwt-secret',
      '/media/%252e%252e%252fjwt-secret',
      `/media/${randomUUID()}%00.webp`,
      '/media/jwt-secret',
      '/media/paddock.db',
    ];
    for (const p of paths) {
      const res = await s.call('GET', p, me);
      expect([400, 404], `${p}: ${res.status}`).toContain(res.status);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain('SQLite format');
    }
    // Raw dots reach the router only unencoded by a client that does not normalise: still refused.
    const raw = await fetch(`${s.url}/api/v1.0/media/../../jwt-secret`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(await raw.text()).not.toContain(secret);
  });

  it('refuses a file over 10 MiB and an upload past the quota with 413, storing nothing', async () => {
    const files = diskFiles();
    const huge = Buffer.concat([await png(4, 4), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await UPLOADS[1]!.send(huge, 'big.png', 'image/png');
    expect(tooBig.status, tooBig.text).toBe(413);

    // The quota is not configurable: a stored row makes the member nearly full.
    const full = await s.member();
    const key = `${randomUUID()}.webp`;
    await s.t.app.db.kysely
      .insertInto('media')
      .values({
        id: randomUUID(),
        owner_id: full.id,
        kind: 'image',
        mime: 'image/webp',
        size_bytes: MEMBER_QUOTA_BYTES - 10,
        width: 1,
        height: 1,
        storage_key: key,
        original_name: 'filler.webp',
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const [url, field, fields] of [
      ['/cars/with-image', 'image', { make: 'A', model: 'B' }],
      ['/posts/with-image', 'image', { content: 'x' }],
    ] as const) {
      const res = await s.call(
        'POST',
        url,
        full,
        fileForm(field, fields, await png(8, 8), 'a.png', 'image/png'),
      );
      expect(res.status, res.text).toBe(413);
      expect(res.json.error.message).toMatch(/quota/);
    }
    expect(diskFiles()).toEqual(files);
    const listed = data(await s.call('GET', '/files', full), 200) as unknown[];
    expect(listed).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Sockets

describe('hostile sockets', () => {
  it('refuses handshakes from a foreign Origin or with a bad token', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'file://']) {
      const error = await refused(s.socket({ token: me.token }, { origin }));
      expect(error.message, origin).toBeTruthy();
    }
    for (const auth of [
      {},
      { token: '' },
      { token: 'x'.repeat(10_000) },
      { token: me.refreshToken },
      { token: { $ne: null } },
    ]) {
      const error = await refused(s.socket(auth));
      expect(error.message, JSON.stringify(auth).slice(0, 40)).toContain('Authentication error');
    }
    // A token past maxHttpBufferSize: the connection is closed before any check.
    const huge = s.socket({ token: 'x'.repeat(100_000) });
    await new Promise<void>((resolve, reject) => {
      huge.once('connect', () => reject(new Error('connected')));
      huge.io.engine.once('close', () => resolve());
    });
    expect(huge.connected).toBe(false);
    await connected(s.socket({ token: me.token }, { origin: 'http://localhost:3000' }));
  });

  it('drops a socket that sends past maxHttpBufferSize and keeps serving the others', async () => {
    const bystander = s.socket({ token: pal.token });
    const attacker = s.socket({ token: me.token });
    await Promise.all([connected(bystander), connected(attacker)]);
    const dropped = new Promise<string>((resolve) => attacker.once('disconnect', resolve));
    attacker.emit('join_post', 'x'.repeat(1024 * 1024));
    expect(await dropped).toBeTruthy();
    // Deeply nested small payloads are just ignored.
    const again = s.socket({ token: me.token });
    await connected(again);
    again.emit('join_post', JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`) as string);
    again.emit('leave_post', { toString: 1 } as unknown as string);
    // A later join of my own post on the same connection is read after them: once the socket is in
    // that post's room, they were read and ignored, and the socket kept.
    const mine = await s.call('POST', '/posts', me, { content: '<p>Marker</p>' });
    expect(mine.status).toBe(201);
    const markerId = mine.json.data.id as string;
    again.emit('join_post', markerId);
    const deadline = performance.now() + 20_000; // a limit for a loaded machine, not a measure
    const joined = async () =>
      (await s.t.app.realtime.io.in(postRoom(markerId)).fetchSockets()).some((x) => x.id === again.id);
    while (!(await joined())) {
      if (performance.now() > deadline) throw new Error('the marker join never arrived');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(again.connected).toBe(true);
    expect(bystander.connected).toBe(true);
    const ping = new Promise((resolve) => bystander.once('notification', resolve));
    s.t.app.realtime.notify(pal.id, {
      id: randomUUID(),
      type: 'friend',
      jsonPayload: {},
      createdAt: new Date().toISOString(),
    });
    await ping;
    expect((await s.call('GET', '/health', null)).status).toBe(200);
  });
});

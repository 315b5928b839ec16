// Enumeration and brute force, against a listening server: login, forgot-password and the
// sale's buyer lookup answer alike (status, body, and the work done before the answer) for known and unknown e-mails, and
// flooding is answered with 429 and Retry-After without locking the member out (docs/SECURITY-CHECKS.md
// "Accounts and sessions", ASVS 6.3.8, 6.1.1).
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from './auth-fixtures';
import { PASSWORD, startServer, type Answer, type Attacker, type Server } from './attack-fixtures';

/** Status and body, the parts an attacker compares (ids and times of day excluded: there are none). */
const visible = (a: Answer) => ({ status: a.status, body: a.json, retryAfter: a.headers.get('retry-after') });

describe('no account enumeration', () => {
  let s: Server;
  let known: Attacker;
  /** The reset tokens of `watched` stored when each forgot-password answer was about to be sent. */
  const tokensAtAnswer: number[] = [];
  let watched = '';
  let tokenCount: () => Promise<number> = async () => 0;
  beforeAll(async () => {
    s = await startServer({}, (app) => {
      tokenCount = async () =>
        Number(
          (
            await app.db.kysely
              .selectFrom('password_reset_tokens')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', watched)
              .executeTakeFirstOrThrow()
          ).n,
        );
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.url.endsWith('/auth/forgot-password')) {
          // A slow send: the event loop turns several times before the answer goes (as a
          // PostgreSQL round trip makes it), so work merely deferred by a tick would be counted.
          for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
          tokensAtAnswer.push(await tokenCount());
        }
        return payload;
      });
    });
    known = await s.member();
  });
  afterAll(() => s.close());

  const login = (email: string, password = 'Not-The-Password-42') =>
    s.call('POST', '/auth/login', null, { email, password });
  const forgot = (email: string) => s.call('POST', '/auth/forgot-password', null, { email });

  it('login answers a known e-mail with a wrong password exactly like an unknown e-mail', async () => {
    const answers = [
      await login(known.email),
      await login(known.email.toUpperCase()),
      await login('nobody-here@example.com'),
      await login('nobody-here@example.com', PASSWORD),
      await login(`  ${known.email.replace('@', '+x@')}  `),
    ];
    for (const a of answers) expect(visible(a)).toEqual(visible(answers[0]!));
    expect(answers[0]!.status).toBe(401);
    // The real password works, so the refusals above were about the password only.
    expect((await login(known.email, PASSWORD)).status).toBe(200);
  });

  it('forgot-password answers known and unknown e-mails alike', async () => {
    const a = await forgot(known.email);
    const b = await forgot('nobody-here@example.com');
    const c = await forgot(known.email.toUpperCase());
    expect(a.status).toBe(200);
    expect(visible(b)).toEqual(visible(a));
    expect(visible(c)).toEqual(visible(a));
  });

  it("no search or profile tells a stranger someone's e-mail address", async () => {
    const stranger = await s.member();
    for (const q of [known.email, known.email.split('@')[0]!, '@example.com']) {
      const res = await s.call('GET', `/users/search?q=${encodeURIComponent(q)}`, stranger);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(known.email);
      if (q !== known.email.split('@')[0]) expect(res.json.data).toEqual([]);
    }
    for (const q of [known.email, known.email.split('@')[0]!, '@example.com']) {
      const res = await s.call('GET', `/search?type=people&q=${encodeURIComponent(q)}`, stranger);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(known.email);
    }
    const profile = await s.call('GET', `/users/${known.id}`, stranger);
    expect(profile.status).toBe(200);
    expect(profile.text).not.toContain(known.email);
  });

  const buyer = (seller: Attacker, q: string) =>
    s.call('GET', `/car-transfers/buyer?q=${encodeURIComponent(q)}`, seller);

  it('the sale buyer lookup answers every e-mail address alike, with or without an account', async () => {
    const seller = await s.member();
    const answers = [
      await buyer(seller, known.email),
      await buyer(seller, known.email.toUpperCase()),
      await buyer(seller, 'nobody-here@example.com'),
      await buyer(seller, `  ${known.email}  `),
      await buyer(seller, seller.email),
    ];
    for (const a of answers) expect(visible(a)).toEqual(visible(answers[0]!));
    expect(answers[0]!.status).toBe(404);
    expect(answers[0]!.text).not.toContain(known.id);
    // An exact username still finds the member.
    const found = await buyer(seller, known.username);
    expect(found.status).toBe(200);
    expect((found.json.data as { id: string }).id).toBe(known.id);
  });

  it('login verifies one argon2 digest of the same cost for an unknown e-mail as for a known one', async () => {
    // The time an attacker compares is the argon2 verify's: the same count, against a digest of
    // the same memory, time and parallelism costs, makes the two answers cost the same work.
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const costOf = (digest: unknown) => String(digest).split('$')[3];
      await login(known.email);
      const knownCalls = verify.mock.calls.map(([digest]) => costOf(digest));
      verify.mockClear();
      await login('ghost-of-nobody@example.com');
      const unknownCalls = verify.mock.calls.map(([digest]) => costOf(digest));
      expect(knownCalls).toHaveLength(1);
      expect(unknownCalls).toEqual(knownCalls);
      expect(knownCalls[0]).toMatch(/^m=\d+,t=\d+,p=\d+$/);
    } finally {
      verify.mockRestore();
    }
  });

  it('forgot-password answers before it stores or mails anything for a known e-mail', async () => {
    // What a known address adds (the token row, the mail) starts after the answer has gone, so
    // the answer costs the same lookup for known and unknown addresses.
    const fresh = await s.member();
    watched = fresh.id;
    const before = tokensAtAnswer.length;
    expect((await forgot(fresh.email)).status).toBe(200);
    expect(tokensAtAnswer.slice(before)).toEqual([0]);
    // The known address's token is stored afterwards (the mail work did run).
    await eventually(async () => ((await tokenCount()) === 1 ? true : undefined));
  });
});

describe('brute force and flooding', () => {
  const AUTH_MAX = 5;
  const MAX = 30;
  let s: Server;
  beforeAll(async () => {
    s = await startServer({
      AUTH_RATE_LIMIT_MAX: String(AUTH_MAX),
      RATE_LIMIT_MAX: String(MAX),
      // Lets the test speak for several client addresses through X-Forwarded-For.
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => s.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  function expect429(a: Answer, what: string) {
    expect(a.status, `${what}: ${a.text}`).toBe(429);
    const retryAfter = Number(a.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter), what).toBe(true);
    expect(retryAfter, what).toBeGreaterThan(0);
    expect(retryAfter, what).toBeLessThanOrEqual(60);
    expect(a.json, what).toMatchObject({ success: false, error: { code: 'TOO_MANY_REQUESTS' } });
  }

  it('limits every sign-in, sign-up, refresh and reset call per address, with Retry-After', async () => {
    const victim = await s.member();
    const calls: [string, (ip: string) => Promise<Answer>][] = [
      [
        'login',
        (ip) =>
          s.call('POST', '/auth/login', null, { email: victim.email, password: 'Guess-123456' }, from(ip)),
      ],
      [
        'forgot-password',
        (ip) => s.call('POST', '/auth/forgot-password', null, { email: victim.email }, from(ip)),
      ],
      [
        'reset-password',
        (ip) =>
          s.call(
            'POST',
            '/auth/reset-password',
            null,
            { token: 'x'.repeat(43), newPassword: 'Guess-Guess-123' },
            from(ip),
          ),
      ],
      ['refresh', (ip) => s.call('POST', '/auth/refresh', null, { refreshToken: 'x'.repeat(43) }, from(ip))],
      [
        'signup',
        (ip) =>
          s.call(
            'POST',
            '/auth/signup',
            null,
            {
              email: victim.email,
              password: PASSWORD,
              username: victim.username,
              firstName: 'a',
              lastName: 'b',
            },
            from(ip),
          ),
      ],
    ];
    for (const [i, [name, call]] of calls.entries()) {
      const ip = `10.1.${i}.1`;
      for (let n = 0; n < AUTH_MAX; n++) expect((await call(ip)).status, `${name} #${n}`).not.toBe(429);
      expect429(await call(ip), name);
      expect429(await call(ip), `${name} again`);
    }
  });

  it('a spoofed X-Forwarded-For buys no fresh budget when the proxy is not trusted', async () => {
    const direct = await startServer({ AUTH_RATE_LIMIT_MAX: String(AUTH_MAX) });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < AUTH_MAX + 3; n++) {
        const res = await direct.call(
          'POST',
          '/auth/login',
          null,
          { email: 'someone@example.com', password: 'Guess-123456' },
          { 'x-forwarded-for': `203.0.113.${n}`, 'x-real-ip': `198.51.100.${n}` },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, AUTH_MAX).every((st) => st === 401)).toBe(true);
      expect(statuses.slice(AUTH_MAX)).toEqual([429, 429, 429]);
    } finally {
      await direct.close();
    }
  });

  it('does not lock the member out: the flood is counted against the attacker, not the account', async () => {
    const victim = await s.member();
    const attacker = '10.2.0.66';
    for (let n = 0; n < AUTH_MAX; n++)
      await s.call(
        'POST',
        '/auth/login',
        null,
        { email: victim.email, password: `Guess-${n}-123456` },
        from(attacker),
      );
    expect429(
      await s.call('POST', '/auth/login', null, { email: victim.email, password: PASSWORD }, from(attacker)),
      'attacker',
    );
    // The member, from their own address, signs in at once with the right password.
    const own = await s.call(
      'POST',
      '/auth/login',
      null,
      { email: victim.email, password: PASSWORD },
      from('10.2.0.7'),
    );
    expect(own.status, own.text).toBe(200);
  });

  it('limits reads and writes of a signed-in member, with Retry-After', async () => {
    const member = await s.member();
    let last: Answer | undefined;
    let n = 0;
    for (; n < MAX + 5; n++) {
      last = await s.call('POST', '/posts', member, { content: `<p>Spam ${n}</p>` }, from('10.3.0.1'));
      if (last.status === 429) break;
      expect(last.status, last.text).toBe(201);
    }
    expect(n).toBeLessThanOrEqual(MAX);
    expect429(last!, 'writes');
    expect429(await s.call('GET', '/cars/feed', member, undefined, from('10.3.0.1')), 'reads');
    // Another member behind the same address keeps their own budget.
    const other = await s.member();
    expect((await s.call('GET', '/cars/feed', other, undefined, from('10.3.0.1'))).status).toBe(200);
  });

  it('limits anonymous floods per address and never answers 500 under them', async () => {
    const ip = '10.4.0.1';
    const answers = await Promise.all(
      Array.from({ length: MAX + 10 }, () => s.call('GET', '/legal/terms', null, undefined, from(ip))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
    expect(statuses.filter((st) => st === 429).length).toBeGreaterThanOrEqual(10);
    expect429(
      answers.find((a) => a.status === 429)!,
      'anonymous',
    );
    expect((await s.call('GET', '/health', null, undefined, from(ip))).status).toBe(200);
  });
});

// Push cannot reach inside the server's network (docs/SECURITY-CHECKS.md "Push endpoints"):
// endpoints are https on 443; host names are resolved and every address checked (loopback,
// private, link-local, CGNAT, multicast, reserved; IPv4, IPv6, IPv4-mapped; odd spellings); the
// connection goes to the address checked; the check runs again at every send.
// The resolver is injected (a test points a name where it wants — the check itself is the real
// one), and a real loopback listener must receive no connection at all without
// PUSH_ALLOW_PRIVATE_ENDPOINTS=1, which lifts the address, scheme and port checks and nothing else.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkEndpoint,
  EndpointRefused,
  endpointUrl,
  isPublicAddress,
  type PushLookup,
  type ResolvedAddress,
} from '../../server/src/push/push-endpoint';
import { createCar, member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { browser, overdueReminder, pushServer, subscribe, until, type PushServer } from './push-fixtures';

/** A resolver the test points: name → addresses; every call counted. */
function pointedResolver(table: Record<string, string[]>) {
  const calls: string[] = [];
  const lookup: PushLookup = async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { table, calls, lookup };
}

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

describe('addresses', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.251',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001::1',
    'not-an-address',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([PUBLIC_V4, '8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', PUBLIC_V6, '::ffff:8.8.8.8'])(
    '%s is allowed',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  test('every address of every refused IPv4 range, as itself and IPv4-mapped, is refused', () => {
    const ranges: [number, number, number][] = [
      // first octet, second octet low, high (inclusive), for ranges on octet boundaries
      [127, 0, 255],
      [10, 0, 255],
      [192, 168, 168],
      [172, 16, 31],
      [169, 254, 254],
      [100, 64, 127],
      [0, 0, 255],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...ranges),
        fc.nat(255),
        fc.nat(255),
        fc.nat(255),
        ([a, lo, hi], b, c, d) => {
          const address = `${a}.${lo + (b % (hi - lo + 1))}.${c}.${d}`;
          expect(isPublicAddress(address)).toBe(false);
          expect(isPublicAddress(`::ffff:${address}`)).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 224, max: 255 }), fc.nat(255), fc.nat(255), fc.nat(255), (a, b, c, d) => {
        expect(isPublicAddress(`${a}.${b}.${c}.${d}`)).toBe(false);
      }),
    );
  });
});

describe('endpoint text', () => {
  test.each([
    ['http://push.example.com/x', 'plain http'],
    ['https://push.example.com:8443/x', 'another port'],
    ['https://push.example.com:80/x', 'port 80'],
    ['https://user:pw@push.example.com/x', 'credentials'],
    ['https://localhost/x', 'localhost'],
    ['https://localhost./x', 'trailing dot'],
    ['https://LOCALHOST../x', 'trailing dots, capitals'],
    ['https://ｌｏｃａｌｈｏｓｔ/x', 'full-width (IDN) localhost'],
    ['https://printer.local/x', 'mDNS'],
    ['https://api.localhost/x', 'a localhost subdomain'],
    ['ftp://push.example.com/x', 'another scheme'],
  ])('%s is refused (%s)', (endpoint) => {
    expect(() => endpointUrl(endpoint, false)).toThrow(EndpointRefused);
  });

  test.each([
    ['https://2130706433/x', 'decimal'],
    ['https://0x7f000001/x', 'hex'],
    ['https://0177.0.0.1/x', 'octal'],
    ['https://0x7f.1/x', 'short hex'],
    ['https://127.1/x', 'short'],
    ['https://0/x', '0'],
    ['https://[::ffff:7f00:1]/x', 'IPv4-mapped IPv6'],
    ['https://[::ffff:127.0.0.1]/x', 'IPv4-mapped IPv6, dotted'],
    ['https://[0:0:0:0:0:0:0:1]/x', 'IPv6 loopback, long'],
    ['https://[fe80::1]/x', 'link-local'],
    ['https://169.254.169.254/latest/meta-data', 'cloud metadata'],
    ['https://100.64.1.1/x', 'CGNAT'],
    ['https://127.0.0.1.:443/x', 'trailing dot, explicit 443'],
  ])('%s is refused without any lookup (%s)', async (endpoint) => {
    const resolver = pointedResolver({});
    await expect(checkEndpoint(endpoint, false, resolver.lookup)).rejects.toThrow(EndpointRefused);
    expect(resolver.calls).toEqual([]);
  });

  test('a name is refused when any one of its addresses is private; taken when all are public', async () => {
    const resolver = pointedResolver({
      'mixed.example': [PUBLIC_V4, '10.0.0.7'],
      'mixed6.example': [PUBLIC_V6, '::1'],
      'mapped.example': ['::ffff:192.168.0.1'],
      'public.example': [PUBLIC_V4, PUBLIC_V6],
      'xn--bcher-kva.example': [PUBLIC_V4],
    });
    for (const host of ['mixed.example', 'mixed6.example', 'mapped.example'])
      await expect(checkEndpoint(`https://${host}/x`, false, resolver.lookup)).rejects.toThrow(
        EndpointRefused,
      );
    const ok = await checkEndpoint('https://public.example./x', false, resolver.lookup);
    expect(ok.address.address).toBe(PUBLIC_V4);
    expect(ok.host).toBe('public.example');
    // IDN: resolved as its punycode name.
    expect((await checkEndpoint('https://bücher.example/x', false, resolver.lookup)).host).toBe(
      'xn--bcher-kva.example',
    );
  });

  test('PUSH_ALLOW_PRIVATE_ENDPOINTS lifts address, scheme and port checks, and nothing else', async () => {
    const resolver = pointedResolver({ 'lan.example': ['192.168.1.20'] });
    expect((await checkEndpoint('http://127.0.0.1:8080/x', true, resolver.lookup)).address.address).toBe(
      '127.0.0.1',
    );
    expect((await checkEndpoint('http://lan.example:9000/x', true, resolver.lookup)).address.address).toBe(
      '192.168.1.20',
    );
    await expect(checkEndpoint('http://user:pw@127.0.0.1:8080/x', true, resolver.lookup)).rejects.toThrow(
      EndpointRefused,
    );
    await expect(checkEndpoint('ftp://127.0.0.1/x', true, resolver.lookup)).rejects.toThrow(EndpointRefused);
  });
});

describe('the server', () => {
  let listener: PushServer;
  beforeAll(async () => {
    listener = await pushServer();
  });
  afterAll(async () => listener?.close());

  test('without the setting: names resolving inside are refused, and a loopback listener gets no connection — not from a stored endpoint, nor after the name is re-pointed', async () => {
    const resolver = pointedResolver({
      'evil.example': ['127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'sneaky.example': [PUBLIC_V4, '127.0.0.1'],
      'rebind.example': [PUBLIC_V4],
      'fcm.googleapis.com': ['142.250.74.106'],
    });
    let t: TestApp | undefined;
    try {
      t = await createTestApp({}, { logger: false, pushLookup: resolver.lookup });
      const app = t.app;
      const ann = await member(app);
      for (const endpoint of [
        'https://evil.example/x',
        'https://metadata.example/latest',
        'https://sneaky.example/x',
        `https://evil.example:${listener.port}/x`,
        `${listener.base}/x`,
        'https://2130706433/x',
        'https://[::ffff:7f00:1]/x',
      ]) {
        const res = await subscribe(app, ann, browser(endpoint).json);
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json<{ error: { fields: { field: string }[] } }>().error.fields[0]!.field).toBe(
          'body.endpoint',
        );
      }
      expect(
        (await subscribe(app, ann, browser('https://fcm.googleapis.com/fcm/send/abc').json)).statusCode,
      ).toBe(201);
      // Re-pointed after the check (DNS rebinding), and one stored before these checks existed.
      expect((await subscribe(app, ann, browser('https://rebind.example/push/1').json)).statusCode).toBe(201);
      resolver.table['rebind.example'] = ['127.0.0.1'];
      resolver.table['fcm.googleapis.com'] = ['10.0.0.1'];
      await app.db.kysely
        .insertInto('push_subscriptions')
        .values({
          id: crypto.randomUUID(),
          user_id: ann.id,
          endpoint: `${listener.base}/stored-before`,
          p256dh: browser('x').json.keys.p256dh,
          auth: browser('x').json.keys.auth,
          created_at: new Date().toISOString(),
        })
        .execute();
      const calls = resolver.calls.length;
      await overdueReminder(app, ann, (await createCar(app, ann)).id);
      // Each send checked again (the names resolved again), refused, and given up: nothing waits.
      // (The sends start after the reminder's answer: wait for both checks before the queue.)
      await until(() => resolver.calls.length - calls >= 2);
      await until(
        async () => (await app.db.kysely.selectFrom('push_deliveries').select('id').execute()).length === 0,
      );
      expect(resolver.calls.slice(calls).sort()).toEqual(['fcm.googleapis.com', 'rebind.example']);
      await app.close();
      expect(listener.connections).toBe(0);
      expect(listener.received).toEqual([]);
    } finally {
      await t?.close();
    }
  });

  test('with the setting, a name is resolved once per send and the connection goes to that address (Host kept)', async () => {
    const resolver = pointedResolver({ 'push.lan.example': ['127.0.0.1'] });
    let t: TestApp | undefined;
    try {
      t = await createTestApp(
        { PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' },
        { logger: false, pushLookup: resolver.lookup },
      );
      const ann = await member(t.app);
      const endpoint = `http://push.lan.example:${listener.port}/pinned/${ann.id}`;
      expect((await subscribe(t.app, ann, browser(endpoint).json)).statusCode).toBe(201);
      await overdueReminder(t.app, ann, (await createCar(t.app, ann)).id);
      await until(() => listener.received.some((r) => r.path === `/pinned/${ann.id}`));
      const got = listener.received.find((r) => r.path === `/pinned/${ann.id}`)!;
      // The system resolver knows no such name: only the checked address can have been used.
      expect(got.headers.host).toBe(`push.lan.example:${listener.port}`);
      expect(resolver.calls.filter((h) => h === 'push.lan.example')).toHaveLength(2); // subscribe, send
    } finally {
      await t?.close();
    }
  });
});

// Where a push may go (docs/SECURITY-CHECKS.md "Push endpoints"). A member hands the server a URL
// that the server will later POST to: without these checks that is a way into the server's own
// network (SSRF). The text of the URL is not enough — a public-looking name can resolve to
// 127.0.0.1, and the answer can change between the check and the connection (DNS rebinding) — so:
// - the URL must be https on port 443, without credentials;
// - its host name is resolved and EVERY address it resolves to must be a public unicast one (a
//   name with one private address among public ones is refused: the connection could pick it);
// - the connection is made to the address checked (the request's DNS lookup answers it), with the
//   name kept for TLS (SNI, certificate) and the Host header;
// - all of this is done again at every send, not only when the member subscribes.
// PUSH_ALLOW_PRIVATE_ENDPOINTS=1 (a push service on the LAN; the tests' local one) lifts the
// address, scheme and port checks, and nothing else: names are still resolved once and pinned,
// credentials still refused, redirects still not followed.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (injected by tests to point names anywhere). */
export type PushLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: PushLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Why an endpoint is refused; `message` is safe to answer to the member. */
export class EndpointRefused extends Error {}

/** An endpoint that passed the checks: its URL and the addresses (all checked) to connect to. */
export interface CheckedEndpoint {
  url: URL;
  /** The host as resolved: no brackets, no trailing dot. */
  host: string;
  /** The first: a lookup that asks for one address gets it. */
  address: ResolvedAddress;
  /** Every address the name resolved to, each checked: a connection may try any of them. */
  addresses: ResolvedAddress[];
}

// --- addresses ---------------------------------------------------------------------------------

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (a zone id dropped, an IPv4 tail read); null if malformed. */
export function ipv6Bytes(text: string): number[] | null {
  const plain = text.replace(/%.*$/, '');
  const halves = plain.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = ipv4Bytes(part);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) out.push(parseInt(part, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

type Range = [bytes: number[], prefix: number];
const v4 = (text: string, prefix: number): Range => [ipv4Bytes(text)!, prefix];
const v6 = (text: string, prefix: number): Range => [ipv6Bytes(text)!, prefix];

/** Not reachable on the public Internet (RFC 6890 and the IANA special-purpose registry). */
const IPV4_BLOCKED: Range[] = [
  v4('0.0.0.0', 8), // "this network" (0.0.0.0 reaches the local host)
  v4('10.0.0.0', 8), // private
  v4('100.64.0.0', 10), // CGNAT (shared address space)
  v4('127.0.0.0', 8), // loopback
  v4('169.254.0.0', 16), // link-local (cloud metadata services live here)
  v4('172.16.0.0', 12), // private
  v4('192.0.0.0', 24), // IETF protocol assignments
  v4('192.0.2.0', 24), // documentation
  v4('192.31.196.0', 24), // AS112
  v4('192.52.193.0', 24), // AMT
  v4('192.88.99.0', 24), // 6to4 relay anycast
  v4('192.168.0.0', 16), // private
  v4('192.175.48.0', 24), // AS112
  v4('198.18.0.0', 15), // benchmarking
  v4('198.51.100.0', 24), // documentation
  v4('203.0.113.0', 24), // documentation
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, and the broadcast address
];

/** Inside global unicast (2000::/3, the only IPv6 range allowed), the special-purpose blocks. */
const IPV6_BLOCKED: Range[] = [
  v6('2001::', 23), // IETF protocol assignments (Teredo, ORCHID, benchmarking…)
  v6('2001:db8::', 32), // documentation
  v6('2002::', 16), // 6to4: an IPv4 address inside, any of them
  v6('3fff::', 20), // documentation
  v6('5f00::', 16), // SRv6 SIDs
];

function inRange(bytes: number[], [base, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const width = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (base[bit / 8]! & mask)) return false;
  }
  return true;
}

/**
 * Whether a push may connect to this address: a public unicast IPv4 address, or a global unicast
 * IPv6 one outside the special-purpose blocks. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is
 * judged as the IPv4 address it is; every other IPv6 form outside 2000::/3 (loopback, unspecified,
 * unique-local, link-local, multicast, NAT64, IPv4-compatible) is refused.
 */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address.replace(/%.*$/, ''));
  if (kind === 4) {
    const bytes = ipv4Bytes(address);
    return bytes !== null && !IPV4_BLOCKED.some((r) => inRange(bytes, r));
  }
  if (kind !== 6) return false;
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff)
    return isPublicAddress(bytes.slice(12).join('.'));
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  return !IPV6_BLOCKED.some((r) => inRange(bytes, r));
}

// --- endpoints ---------------------------------------------------------------------------------

/** Names that never leave the machine or the LAN, whatever a resolver says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|lan)$/;

/**
 * The checks that read the URL alone (made when subscribing and before each send): a URL, http(s),
 * no credentials; https on port 443 and no local-only name unless private endpoints are allowed.
 */
export function endpointUrl(endpoint: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EndpointRefused('must be http(s)');
  if (url.username || url.password) throw new EndpointRefused('must not carry credentials');
  if (allowPrivate) return url;
  // The WHATWG parser has already read every IPv4 form (decimal, octal, hex, short), IDN (to
  // punycode) and bracketed IPv6 into one canonical hostname; `port` is '' for https's 443.
  if (url.protocol !== 'https:' || url.port !== '')
    throw new EndpointRefused('must be a public https push service URL (port 443)');
  if (LOCAL_NAME.test(hostOf(url))) throw new EndpointRefused('must be a public https push service URL');
  return url;
}

/** The URL's host without IPv6 brackets or trailing dots (`localhost.` is `localhost`). */
const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();

/**
 * The URL checked and its host resolved: every address checked (unless private endpoints are
 * allowed), and the first one to connect to. Throws EndpointRefused for a refused address, and the
 * resolver's own error when the name does not resolve.
 */
export async function checkEndpoint(
  endpoint: string,
  allowPrivate: boolean,
  lookup: PushLookup,
): Promise<CheckedEndpoint> {
  const url = endpointUrl(endpoint, allowPrivate);
  const host = hostOf(url);
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await lookup(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address)))
    throw new EndpointRefused(
      'must be a public https push service URL (its host resolves to a private address)',
    );
  return { url, host, address: addresses[0]!, addresses };
}

export interface PushRequest {
  method: string;
  headers: Record<string, string | number>;
  body: Uint8Array | null;
}

export interface PushAnswer {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * One request to a checked endpoint, connected to the checked address whatever DNS says now: the
 * request's own lookup answers that address (Host header and TLS server name stay the URL's
 * name). No redirect is followed, no connection is kept for another request (each send checks
 * again), and the whole exchange is cut after `timeoutMs`.
 */
export function sendPinned(
  target: CheckedEndpoint,
  req: PushRequest,
  timeoutMs: number,
): Promise<PushAnswer> {
  const { url, address, addresses } = target;
  // Happy eyeballs asks for all addresses: every one of them was checked.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, address.address, address.family);
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PushAnswer>((resolve, reject) => {
    const outgoing = request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers: req.headers,
        lookup: pinned,
        agent: false,
        ...(url.protocol === 'https:' && !isIP(target.host) ? { servername: target.host } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => outgoing.destroy(new Error('push request timed out')), timeoutMs);
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.on('error', reject);
    outgoing.end(req.body ?? undefined);
  });
}

import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of outgoing webhooks (URLs must never resolve to a private, loopback or
 * link-local address, checked at every delivery against DNS rebinding; ADR 0020). A
 * tenant types the URL, and the server POSTs to it from inside the operator's network, so
 * without this guard a Store Admin could make the server call 127.0.0.1, the cloud metadata
 * address 169.254.169.254 or any host of the private network.
 *
 * At every attempt `vetDestination` resolves the host (every address, A and AAAA) and refuses
 * when any of them is not a public unicast address; the request then connects to the vetted
 * address itself (`pinnedLookup`), so a DNS answer that changes between the check and the
 * connection (rebinding) cannot slip through. IP-literal hosts are checked as they are (Node
 * does not look them up). `WEBHOOKS_ALLOW_PRIVATE=1` (config.ts, never in production) lifts
 * the guard for tests and development.
 */

/** Resolves a host name to all its addresses (node:dns `lookup` with `all: true`); injectable in tests. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The system resolver (getaddrinfo, as Node's own connections use): every address of `hostname`, verbatim order. */
const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Words for ipaddr.js's range names in refusal messages ('refused: loopback address 127.0.0.1'). */
const RANGE_WORDS: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  reserved: 'reserved',
};

/** The IPv4-compatible IPv6 range ::/96 (deprecated by RFC 4291), refused whole. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * An IPv6 literal in the WHATWG URL parser's canonical form (the form the delivery connects
 * to): ipaddr.js reads '::8.8.8.8' as the IPv4-mapped ::ffff:808:808, the URL parser as the
 * IPv4-compatible ::808:808. Anything else (IPv4, a zone id) is returned unchanged.
 */
function canonicalIpv6(bare: string): string {
  if (!bare.includes(':')) return bare;
  try {
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return bare;
  }
}

/**
 * Why `ip` (an IPv4 or IPv6 address in text form, optionally in [brackets]) may not receive a
 * webhook: its range in words ('private', 'loopback', 'link-local', 'unique-local',
 * 'carrier-grade NAT', 'multicast', 'reserved', …), or null when it is a public unicast
 * address. IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they
 * carry; every special range ipaddr.js knows is refused (10/8, 172.16/12, 192.168/16, 127/8,
 * ::1, 169.254/16, fe80::/10, fc00::/7, 0.0.0.0/8, 100.64/10, 224/4, ff00::/8, 240/4,
 * documentation and benchmarking ranges, and IPv6 ranges that embed an IPv4 address:
 * NAT64, 6to4, Teredo, and the IPv4-compatible ::/96 (::7f00:1, ::a00:1: 'deprecated IPv4-compatible')). Something that is not an address at all answers 'invalid'.
 */
export function nonPublicRange(ip: string): string | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return 'invalid';
  const parsed = ipaddr.parse(canonicalIpv6(bare));
  const range = ipaddr.process(parsed.toString()).range();
  // ipaddr.js calls the deprecated IPv4-compatible range ::/96 unicast, but ::7f00:1 is
  // 127.0.0.1 to some stacks (RFC 4291 2.5.5.1): nothing legitimate lives there.
  if (range === 'unicast' && parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return 'deprecated IPv4-compatible';
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? range;
}

/** A hostname that names this machine without DNS: 'localhost' and anything under '.localhost' (RFC 6761), with or without the final dot. */
function isLocalhostName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/**
 * The save-time check of an endpoint URL's host (the full check is at each
 * delivery): a message when `hostname` (a URL's `hostname`, IPv6 in brackets) is 'localhost'
 * or a literal IP address that is not public (see `nonPublicRange`), else null. Host names are
 * not resolved here: what they resolve to is checked at every delivery.
 */
export function literalHostProblem(hostname: string): string | null {
  if (isLocalhostName(hostname)) return `The URL points to this server (${hostname}); webhooks go to public addresses only`;
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return null;
  const range = nonPublicRange(bare);
  return range ? `The URL points to a ${range} address (${bare}); webhooks go to public addresses only` : null;
}

/** Thrown by `vetDestination` when the host may not be called: `message` is the reason the delivery log records ('refused: …'). */
export class AddressRefused extends Error {}

/** Where one attempt may connect: the vetted address and its family (4 or 6). */
export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The address one delivery attempt connects to, from a URL's `hostname`: an IP
 * literal is checked as is; a name is resolved (`resolve`, default the system resolver, every
 * address) and refused when ANY of its addresses is not public, else the first is used.
 * Throws AddressRefused 'refused: private address 10.0.0.1' for a literal (the range in
 * words, see `nonPublicRange`), 'refused: localhost resolves to a loopback address' for a name
 * (never the address: the tenant's log must not map internal names to internal addresses),
 * or 'DNS lookup failed for {host}: {code}' when the name does not resolve. With
 * `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE) nothing is refused, but the name is still resolved
 * once and pinned.
 */
export async function vetDestination(hostname: string, opts: { allowPrivate: boolean; resolve?: ResolveHost }): Promise<VettedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  if (literal) {
    const range = opts.allowPrivate ? null : nonPublicRange(bare);
    if (range) throw new AddressRefused(`refused: ${range} address ${bare}`);
    return { address: bare, family: literal as 4 | 6 };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await (opts.resolve ?? systemResolve)(bare);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new AddressRefused(`DNS lookup failed for ${bare}: ${code}`);
  }
  if (addresses.length === 0) throw new AddressRefused(`DNS lookup failed for ${bare}: no address`);
  if (!opts.allowPrivate) {
    for (const a of addresses) {
      const range = nonPublicRange(a.address);
      // The address itself is not told: the log would otherwise map internal names to internal addresses.
      if (range) throw new AddressRefused(`refused: ${bare} resolves to a ${range} address`);
    }
  }
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for node:http/https `request` that answers `vetted` whatever it is asked, so the
 * connection goes to the address `vetDestination` checked and never to a second DNS answer.
 * Answers in both shapes Node asks for (a single address, or a list when `options.all`: the
 * happy-eyeballs connect of Node 20+). TLS still checks the certificate against the URL's host
 * name (SNI and verification use the URL, not the address).
 */
export function pinnedLookup(vetted: VettedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: vetted.address, family: vetted.family }]);
    else callback(null, vetted.address, vetted.family);
  };
}

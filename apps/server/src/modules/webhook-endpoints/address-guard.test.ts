import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { AddressRefused, literalHostProblem, nonPublicRange, pinnedLookup, vetDestination, type ResolveHost } from './address-guard.ts';
import { assertEndpointUrl } from './endpoints.ts';
import type { ErrorCode } from '@loyalty/contract';
import { ERROR_STATUS } from '../../http/error-handler.ts';

/**
 * The SSRF guard of outgoing webhooks (docs/product.md 'API keys and webhooks': URLs must be https in
 * production and must never resolve to a private, loopback or link-local address, checked at
 * every delivery against DNS rebinding; WEBHOOKS_ALLOW_PRIVATE=1 lifts that): which addresses are refused,
 * the save-time check of URLs, the delivery-time resolution and the pinned lookup.
 */

/** A resolver answering `answers[host]` (an ENOTFOUND error for any other host). */
function fakeResolve(answers: Record<string, string[]>): ResolveHost {
  return async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('nonPublicRange', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['[::1]', 'loopback'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
    ['::7f00:1', 'deprecated IPv4-compatible'],
    ['::a00:1', 'deprecated IPv4-compatible'],
    ['::a9fe:a9fe', 'deprecated IPv4-compatible'],
    ['::8.8.8.8', 'deprecated IPv4-compatible'],
    ['not an address', 'invalid'],
  ])('%s is %s', (ip, range) => {
    expect(nonPublicRange(ip)).toBe(range);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '100.128.0.1', '11.0.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) => {
    expect(nonPublicRange(ip)).toBeNull();
  });
});

describe('literalHostProblem and assertEndpointUrl (on save)', () => {
  it('refuses localhost names and literal non-public addresses, leaves other names to the delivery-time check', () => {
    expect(literalHostProblem('localhost')).toContain('this server');
    expect(literalHostProblem('LOCALHOST.')).toContain('this server');
    expect(literalHostProblem('api.localhost')).toContain('this server');
    expect(literalHostProblem('127.0.0.1')).toBe('The URL points to a loopback address (127.0.0.1); webhooks go to public addresses only');
    expect(literalHostProblem('10.0.0.1')).toContain('private address (10.0.0.1)');
    expect(literalHostProblem('[::1]')).toContain('loopback address (::1)');
    expect(literalHostProblem('[::ffff:7f00:1]')).toContain('loopback');
    expect(literalHostProblem('[::7f00:1]')).toContain('a deprecated IPv4-compatible address (::7f00:1)');
    expect(literalHostProblem('8.8.8.8')).toBeNull();
    expect(literalHostProblem('hooks.example.com')).toBeNull();
  });

  it('https only in production; private literals refused unless allowed; the message names the field', () => {
    const dev = { production: false, allowPrivate: false };
    const prod = { production: true, allowPrivate: false };
    expect(() => assertEndpointUrl('http://hooks.example.com/in', dev)).not.toThrow();
    expect(() => assertEndpointUrl('https://hooks.example.com/in', prod)).not.toThrow();
    const refusedIn = (url: string, policy: typeof dev) => {
      try {
        assertEndpointUrl(url, policy);
      } catch (err) {
        return err as { code: ErrorCode; message: string; details: { field: string; message: string }[] };
      }
      throw new Error(`${url} was accepted`);
    };
    const http = refusedIn('http://hooks.example.com/in', prod);
    expect(ERROR_STATUS[http.code]).toBe(400); // the code's status in the handler's table (ADR 0029)
    expect(http).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The URL must start with https://',
      details: [{ field: 'url', message: 'The URL must start with https://' }],
    });
    // The WHATWG parser turns the decimal and hexadecimal spellings into 127.0.0.1 first.
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://localhost/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
    ]) {
      expect(refusedIn(url, dev).details[0].field, url).toBe('url');
    }
    expect(() => assertEndpointUrl('http://127.0.0.1:8080/', { production: false, allowPrivate: true })).not.toThrow();
    expect(refusedIn('ftp://hooks.example.com/', dev).message).toBe('Enter a full URL starting with https://');
  });
});

describe('vetDestination (at every delivery)', () => {
  it('checks IP literals as they are', async () => {
    await expect(vetDestination('127.0.0.1', { allowPrivate: false })).rejects.toThrow(new AddressRefused('refused: loopback address 127.0.0.1'));
    await expect(vetDestination('10.0.0.1', { allowPrivate: false })).rejects.toThrow('refused: private address 10.0.0.1');
    await expect(vetDestination('[::ffff:a00:1]', { allowPrivate: false })).rejects.toThrow('refused: private address ::ffff:a00:1');
    expect(await vetDestination('8.8.8.8', { allowPrivate: false })).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await vetDestination('10.0.0.1', { allowPrivate: true })).toEqual({ address: '10.0.0.1', family: 4 });
  });

  it('refuses a name when ANY of its addresses is not public, and pins the first address otherwise', async () => {
    const resolve = fakeResolve({
      'mixed.example': ['8.8.8.8', '10.1.2.3'],
      'public.example': ['2606:4700:4700::1111', '1.1.1.1'],
      'rebind.example': ['169.254.169.254'],
    });
    await expect(vetDestination('mixed.example', { allowPrivate: false, resolve })).rejects.toThrow('refused: mixed.example resolves to a private address');
    await expect(vetDestination('rebind.example', { allowPrivate: false, resolve })).rejects.toThrow(
      'refused: rebind.example resolves to a link-local address',
    );
    expect(await vetDestination('public.example', { allowPrivate: false, resolve })).toEqual({ address: '2606:4700:4700::1111', family: 6 });
    expect(await vetDestination('mixed.example', { allowPrivate: true, resolve })).toEqual({ address: '8.8.8.8', family: 4 });
    await expect(vetDestination('missing.example', { allowPrivate: false, resolve })).rejects.toThrow('DNS lookup failed for missing.example: ENOTFOUND');
  });

  it("resolves 'localhost' with the system resolver and refuses its loopback address", async () => {
    await expect(vetDestination('localhost', { allowPrivate: false })).rejects.toThrow(new AddressRefused('refused: localhost resolves to a loopback address'));
    const allowed = await vetDestination('localhost', { allowPrivate: true });
    expect(nonPublicRange(allowed.address)).toBe('loopback');
  });
});

describe('pinnedLookup', () => {
  it('answers the vetted address whatever it is asked, in both shapes Node asks for', () => {
    const lookup = pinnedLookup({ address: '8.8.4.4', family: 4 });
    const single: unknown[] = [];
    lookup('attacker-controlled.example', {}, (...args) => single.push(...args));
    expect(single).toEqual([null, '8.8.4.4', 4]);
    let list: LookupAddress[] | string = [];
    lookup('attacker-controlled.example', { all: true }, (_err, addresses) => (list = addresses));
    expect(list).toEqual([{ address: '8.8.4.4', family: 4 }]);
  });
});

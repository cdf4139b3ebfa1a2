import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../config.ts';
import { countRows, createTestContext, json, type TestContext } from '../../test/helpers.ts';

/**
 * Every per-address limit keys on the real client address. By default no
 * proxy is trusted, so a client-chosen X-Forwarded-For changes nothing; TRUST_PROXY names the
 * proxies (or a hop count) whose X-Forwarded-For is believed.
 */

const LOGIN = { email: 'admin@demo.com', password: 'DemoAdmin123!' };

function login(app: FastifyInstance, remoteAddress: string, xff?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {}, payload: LOGIN });
}

let n = 0;
function signup(app: FastifyInstance, remoteAddress: string, xff?: string) {
  n++;
  return app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
    payload: { firstName: `Proxy${n}`, lastName: 'Test', email: `proxy-${n}-${Date.now()}@example.com`, password: 'Long-enough-1' },
  });
}

function cardLookup(app: FastifyInstance, remoteAddress: string, xff?: string) {
  return app.inject({ method: 'GET', url: '/api/demo/c/DEM0CARD0001', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {} });
}

const varied = (i: number) => `203.0.113.${i + 1}`;

describe('TRUST_PROXY unset: X-Forwarded-For is not believed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => ctx.close());

  it('after the login limit, 20 logins with varying X-Forwarded-For all get 429', async () => {
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, '198.51.100.1')).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await login(ctx.app, '198.51.100.1', varied(i))).statusCode);
    expect(codes).toEqual(Array(20).fill(429));
  });

  it('after the signup limit, 5 signups with varying X-Forwarded-For all get 429 and create nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await signup(ctx.app, '198.51.100.2')).statusCode).toBe(201);
    const tenantsBefore = await countRows(ctx.db, 'tenants');
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await signup(ctx.app, '198.51.100.2', varied(i))).statusCode);
    expect(codes).toEqual(Array(5).fill(429));
    expect(await countRows(ctx.db, 'tenants')).toBe(tenantsBefore);
  });

  it('after the public card limit (60 a minute), 20 lookups with varying X-Forwarded-For all get 429', async () => {
    for (let i = 0; i < 60; i++) expect((await cardLookup(ctx.app, '198.51.100.3')).statusCode).toBe(200);
    expect((await cardLookup(ctx.app, '198.51.100.3')).statusCode).toBe(429);
    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await cardLookup(ctx.app, '198.51.100.3', varied(i))).statusCode);
    expect(codes).toEqual(Array(20).fill(429));
    expect((await cardLookup(ctx.app, '198.51.100.4')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY=<proxy address>: the proxy tells the client address', () => {
  let ctx: TestContext;
  const PROXY = '192.0.2.100';
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_RATE_LIMIT: '3', TRUST_PROXY: `${PROXY}, 10.0.0.0/8` });
  });
  afterAll(() => ctx.close());

  it('limits each client behind the proxy apart', async () => {
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, PROXY, '203.0.113.50')).statusCode).toBe(200);
    expect((await login(ctx.app, PROXY, '203.0.113.50')).statusCode).toBe(429);
    // A client address is what the trusted proxy appended, not what the client wrote before it.
    expect((await login(ctx.app, PROXY, '1.2.3.4, 203.0.113.50')).statusCode).toBe(429);
    expect((await login(ctx.app, PROXY, '203.0.113.51')).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For from a client that is not a trusted proxy', async () => {
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, '198.51.100.9', varied(i))).statusCode).toBe(200);
    expect((await login(ctx.app, '198.51.100.9', varied(99))).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=1: one hop is trusted', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  it('keys on the address the one proxy appended, whatever the client put before it', async () => {
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, '10.1.1.1', `${varied(i)}, 203.0.113.77`)).statusCode).toBe(200);
    const res = await login(ctx.app, '10.1.1.1', `${varied(50)}, 203.0.113.77`);
    expect(res.statusCode).toBe(429);
    expect(json(res).code).toBe('RATE_LIMITED');
    expect((await login(ctx.app, '10.1.1.1', '203.0.113.78')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY validation', () => {
  const base = { NODE_ENV: 'development' };
  it('accepts a hop count, addresses, CIDRs and range names', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(typeof loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe('function');
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 172.16.0.0/12, ::1, fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '*', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '11'])('refuses TRUST_PROXY=%s naming the variable', (value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { loggerOptions, redactQuery } from './log-redaction.ts';

/**
 * Secrets never reach the logs (docs/security.md 'Logs'): the app's own log, collected line by
 * line, after a request to every page and route that takes a token in its query, and requests
 * carrying an API key and a session cookie.
 */
const lines: string[] = [];
const sink = { write: (line: string) => void lines.push(line) };
let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'loyalty-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  ctx = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: sink, webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A fresh secret-looking value, unique per request, so its absence from the log means something. */
const secret = () => `s3cret-${randomUUID()}`;

describe('request logs', () => {
  it('carry no token of any page or route that takes one in its query, nor the Authorization or Cookie header', async () => {
    const secrets: string[] = [];
    const s = () => {
      const v = secret();
      secrets.push(v);
      return v;
    };
    const requests: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string> }[] = [
      // The web app's pages that links and QR codes open.
      { method: 'GET', url: `/setup?token=${s()}` },
      { method: 'GET', url: `/reset-password?token=${s()}` },
      { method: 'GET', url: `/accept-invitation?token=${s()}` },
      { method: 'GET', url: `/unsubscribe?token=${s()}` },
      { method: 'GET', url: `/demo/join/confirm?token=${s()}` },
      { method: 'GET', url: `/demo/c/DEM0CARD0001?t=${s()}` },
      // The API routes those pages call.
      { method: 'GET', url: `/api/setup?token=${s()}` },
      { method: 'GET', url: `/api/auth/invitation?token=${s()}` },
      { method: 'POST', url: `/api/unsubscribe?token=${s()}` },
      { method: 'GET', url: `/api/demo/c/DEM0CARD0001?t=${s()}` },
      // Any path, any parameter whose name says it is secret (also percent-encoded names).
      { method: 'GET', url: `/api/nowhere?apiKey=${s()}&client_secret=${s()}&code=${s()}&Access_Token=${s()}&%74oken=${s()}&page=2` },
      // Headers.
      { method: 'GET', url: '/api/v1/cards/DEM0CARD0001', headers: { authorization: `Bearer lc_test_${s()}` } },
      { method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${s()}; did=${s()}` } },
    ];
    for (const r of requests) await ctx.app.inject({ method: r.method, url: r.url, headers: r.headers });
    const log = lines.join('');
    for (const value of secrets) expect(log).not.toContain(value);
    // The requests were logged all the same, with what is not secret.
    for (const url of [
      '/setup?token=[REDACTED]',
      '/demo/c/DEM0CARD0001?t=[REDACTED]',
      '/api/unsubscribe?token=[REDACTED]',
      '/demo/join/confirm?token=[REDACTED]',
    ]) {
      expect(log).toContain(`"url":"${url}"`);
    }
    expect(log).toContain('"url":"/api/nowhere?apiKey=[REDACTED]&client_secret=[REDACTED]&code=[REDACTED]&Access_Token=[REDACTED]&%74oken=[REDACTED]&page=2"');
    expect(log).toContain('"url":"/api/v1/cards/DEM0CARD0001"');
  });
});

describe('the logger options', () => {
  it('censor the Authorization and Cookie headers of any logged object, and tokens quoted in error messages', async () => {
    const out: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (l) => void out.push(l) }) });
    const [key, sid, token] = [secret(), secret(), secret()];
    app.get('/boom', async (request) => {
      request.log.info({ headers: request.headers }, 'headers as they came');
      throw new Error(`upstream GET https://example.com/reset-password?token=${token} failed`);
    });
    app.setErrorHandler((err, request, reply) => {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: 'Internal server error' });
    });
    await app.inject({ method: 'GET', url: '/boom', headers: { authorization: `Bearer ${key}`, cookie: `sid=${sid}` } });
    await app.close();
    const log = out.join('');
    for (const value of [key, sid, token]) expect(log).not.toContain(value);
    expect(log).toContain('"authorization":"[REDACTED]"');
    expect(log).toContain('reset-password?token=[REDACTED] failed');
  });

  it('keep parameters that are not secret, and judge the name, not the value', () => {
    expect(redactQuery('/api/t/demo/customers?search=token&page=2')).toBe('/api/t/demo/customers?search=token&page=2');
    expect(redactQuery('/x?t=abc#frag')).toBe('/x?t=[REDACTED]#frag');
    expect(redactQuery('/x?tier=GOLD&t=abc')).toBe('/x?tier=GOLD&t=[REDACTED]');
    expect(redactQuery('/no-query')).toBe('/no-query');
  });
});

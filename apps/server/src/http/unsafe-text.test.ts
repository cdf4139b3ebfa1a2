import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { isSafeText, LONE_SURROGATE_MESSAGE, NUL_TEXT_MESSAGE, unsafeTextReason } from '@loyalty/contract';
import { countRows, createTestContext, demoSessions, json, type TestContext } from '../../test/helpers.ts';
import { findUnsafeText } from './unsafe-text.ts';

/**
 * Text holding U+0000 or a lone UTF-16 surrogate answers 400 VALIDATION_ERROR
 * naming the field (it answered 500 before: PostgreSQL refuses NUL in text and both in jsonb),
 * for every body, query and path string, and nothing is written.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

/** Rows of the tables the examples would write to (audit_log is where "\ud800" used to fail). */
async function writes() {
  const res = await ctx.db.execute(sql`select count(*)::int as n from audit_log`);
  const audit = Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
  return { audit, users: await countRows(ctx.db, 'users'), tenants: await countRows(ctx.db, 'tenants'), customers: await countRows(ctx.db, 'customers') };
}

function expectRefused(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(json(res)).toEqual({ error: `Invalid ${field.replace(/^body\./, '')}: ${message}`, code: 'VALIDATION_ERROR', details: [{ field, message }] });
}

describe('the contract rule (isSafeText, unsafeTextReason)', () => {
  it('refuses NUL and unpaired surrogates, wherever they are', () => {
    expect(unsafeTextReason('\u0000')).toBe(NUL_TEXT_MESSAGE);
    expect(unsafeTextReason('Ann\u0000')).toBe(NUL_TEXT_MESSAGE);
    expect(unsafeTextReason('\ud800')).toBe(LONE_SURROGATE_MESSAGE);
    expect(unsafeTextReason('a\udfffb')).toBe(LONE_SURROGATE_MESSAGE);
    expect(unsafeTextReason('end\ud83d')).toBe(LONE_SURROGATE_MESSAGE);
    // A pair in the wrong order is two lone halves.
    expect(unsafeTextReason('\ude00\ud83d')).toBe(LONE_SURROGATE_MESSAGE);
    // The first problem is the one named.
    expect(unsafeTextReason('\ud800\u0000')).toBe(LONE_SURROGATE_MESSAGE);
  });

  it('accepts emoji (paired surrogates), tabs, newlines and other controls', () => {
    for (const ok of ['', 'Ann', '😀 Ann', '\ud83d\ude00', 'a\tb\nc\r\n', '\u0001\u001f\u007f', 'İstanbul ß', '\uffff', '\ufffd']) {
      expect(isSafeText(ok), JSON.stringify(ok)).toBe(true);
      expect(unsafeTextReason(ok)).toBeNull();
    }
    // The pattern has no g flag: repeated calls give the same answer.
    expect([isSafeText('\u0000'), isSafeText('\u0000'), isSafeText('\u0000')]).toEqual([false, false, false]);
  });
});

describe('findUnsafeText (the request walker)', () => {
  it('names the path of a nested value, an array index, or a key', () => {
    expect(findUnsafeText({ a: 'ok', b: { list: ['fine', 'x\u0000'] } }, 'body')).toEqual({ field: 'body.b.list.1', message: NUL_TEXT_MESSAGE });
    expect(findUnsafeText({ customer: { ['fi\u0000rst']: 'Ann' } }, 'body')).toEqual({
      field: 'body.customer.fi\ufffdrst',
      message: 'Key must not contain the NUL character (U+0000)',
    });
    expect(findUnsafeText('\ud800', 'body')).toEqual({ field: 'body', message: LONE_SURROGATE_MESSAGE });
    expect(findUnsafeText({ n: 1, b: true, z: null, list: [1, [2, ['ok']]] }, 'body')).toBeNull();
  });

  it('skips raw bodies (the Stripe webhook keeps its signed bytes as a Buffer)', () => {
    expect(findUnsafeText(Buffer.from('\u0000'), 'body')).toBeNull();
  });

  it('walks 100,000 levels without overflowing the stack, and cuts the echoed field', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const found = findUnsafeText(deep, 'body');
    expect(found?.message).toBe(NUL_TEXT_MESSAGE);
    expect(found?.field.startsWith('body.a.a.a.')).toBe(true);
    expect(found?.field.length).toBe(200);
    expect(found?.field.endsWith('…')).toBe(true);
  });
});

describe('text with NUL or a lone surrogate: 400 naming the field, nothing written (they answered 500)', () => {
  it('POST /api/auth/signup with firstName "\\u0000"', async () => {
    const before = await writes();
    const body = { firstName: '\u0000', lastName: 'Null', email: 'nul@signup.test', password: 'Nul-Signup-2024!' };
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body }), 'body.firstName', NUL_TEXT_MESSAGE);
    expect(await writes()).toEqual(before);
    // The same body with a plain name is accepted: the NUL alone was refused.
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...body, firstName: 'Nula' } });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('GET /api/demo/c/%00 and /api/demo%00/c/{uid} (the public card, signed out)', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/demo/c/%00' }), 'params.cardUid', NUL_TEXT_MESSAGE);
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/demo%00/c/DEM0CARD0001' }), 'params.slug', NUL_TEXT_MESSAGE);
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/demo/c/DEM0CARD0001?t=%00' }), 'querystring.t', NUL_TEXT_MESSAGE);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/demo/c/DEM0CARD0001' })).statusCode).toBe(200);
  });

  it('GET /api/t/demo%00/tenant, signed in or not (before the tenant guard reads the slug)', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/t/demo%00/tenant', headers: { cookie: s.admin } }), 'params.slug', NUL_TEXT_MESSAGE);
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/t/demo%00/tenant' }), 'params.slug', NUL_TEXT_MESSAGE);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/t/demo/tenant', headers: { cookie: s.admin } })).statusCode).toBe(200);
  });

  it.each([
    ['/api/t/demo/cards', 'admin'],
    ['/api/t/demo/transactions', 'admin'],
    ['/api/t/demo/customers', 'admin'],
    ['/api/t/demo/customers/available', 'admin'],
    ['/api/platform/tenants', 'platform'],
  ] as const)('GET %s with search holding NUL, as %s', async (path, role) => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${path}?search=%00`, headers: { cookie: s[role] } }), 'querystring.search', NUL_TEXT_MESSAGE);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${path}?search=Ann%00`, headers: { cookie: s[role] } }), 'querystring.search', NUL_TEXT_MESSAGE);
    expect((await ctx.app.inject({ method: 'GET', url: `${path}?search=Ann`, headers: { cookie: s[role] } })).statusCode).toBe(200);
  });

  it('POST /api/t/demo/customers with firstName "\\ud800" (failed writing the audit row)', async () => {
    const before = await writes();
    const post = (payload: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/t/demo/customers', headers: { cookie: s.admin, 'content-type': 'application/json' }, payload });
    // Sent as the JSON escape a client would send: the parsed string holds a lone surrogate.
    expectRefused(await post('{"firstName":"\\ud800","lastName":"Half"}'), 'body.firstName', LONE_SURROGATE_MESSAGE);
    expectRefused(await post('{"firstName":"Lo","lastName":"\\udc00"}'), 'body.lastName', LONE_SURROGATE_MESSAGE);
    expectRefused(await post('{"firstName":"Ann","lastName":"Nul","email":"a\\u0000@example.com"}'), 'body.email', NUL_TEXT_MESSAGE);
    expect(await writes()).toEqual(before);
    // An emoji (a well-formed pair) is fine and is stored as sent.
    const ok = await post('{"firstName":"\\ud83d\\ude00 Ann","lastName":"Smile"}');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).firstName).toBe('😀 Ann');
  });
});

describe('one rule for every body, query and path string', () => {
  it('refuses keys, unknown fields, nested values and repeated query values', async () => {
    const before = await writes();
    const post = (payload: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/t/demo/customers', headers: { cookie: s.admin, 'content-type': 'application/json' }, payload });
    expectRefused(await post('{"firstName":"Ann","lastName":"Key","a\\u0000b":1}'), 'body.a\ufffdb', 'Key must not contain the NUL character (U+0000)');
    expectRefused(await post('{"firstName":"Ann","lastName":"Deep","extra":{"list":["ok","\\u0000"]}}'), 'body.extra.list.1', NUL_TEXT_MESSAGE);
    expect(await writes()).toEqual(before);
    const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/t/demo/cards${query}`, headers: { cookie: s.admin } });
    expectRefused(await get('?se%00arch=x'), 'querystring.se\ufffdarch', 'Key must not contain the NUL character (U+0000)');
    expectRefused(await get('?search=a&search=%00'), 'querystring.search.1', NUL_TEXT_MESSAGE);
  });

  it('refuses a text/plain body holding NUL, and a body nested 10,000 levels deep answers 400 without a crash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/customers',
      headers: { cookie: s.admin, 'content-type': 'text/plain' },
      payload: 'Ann\u0000',
    });
    expectRefused(res, 'body', NUL_TEXT_MESSAGE);
    const deep = `{"firstName":${'{"a":'.repeat(10_000)}"\\u0000"${'}'.repeat(10_000)},"lastName":"x"}`;
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/customers',
      headers: { cookie: s.admin, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(nested.statusCode).toBe(400);
    expect(json(nested).details[0].field).toMatch(/^body\.firstName\.a\.a\..*…$/);
  });

  it('keeps tabs and newlines, and a search that is not valid UTF-8 is plain text (no 500)', async () => {
    const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/t/demo/customers${query}`, headers: { cookie: s.admin } });
    expect((await get('?search=a%09b%0Ac')).statusCode).toBe(200);
    expect((await get('?search=%ff')).statusCode).toBe(200);
    expect((await get('?search=%ed%a0%80')).statusCode).toBe(200);
  });

  it('answers 400, not 500, to path parameters that are not valid UTF-8', async () => {
    for (const url of ['/api/t/demo%ff/tenant', '/api/t/demo%ed%a0%80/tenant', '/api/demo/c/%ff', '/api/demo/c/%ed%a0%80', '/api/t/demo/customers/%c0%80']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: s.admin } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'url' }] });
    }
  });
});

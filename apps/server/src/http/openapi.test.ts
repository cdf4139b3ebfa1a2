import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, freshTenant, json, type FreshTenant, type TestContext } from '../../test/helpers.ts';
import { openApiTransform } from './openapi.ts';

/**
 * The OpenAPI documents as their users (client generators, integrators, the Spectral lint of
 * ADR 0037) rely on them: every operation named (a unique camelCase operationId), summarised,
 * described and tagged; the web API's security schemes on the guarded operations only; v1's
 * bearer key on every operation and its RateLimit-* headers as the answers really carry them;
 * documented input limits that the server enforces.
 */
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string }[];
  components: { securitySchemes: Record<string, Record<string, string>> };
  [key: string]: unknown;
};

let ctx: TestContext;
let web: Doc;
let v1: Doc;
let t: FreshTenant;

beforeAll(async () => {
  ctx = await createTestContext();
  web = json(await ctx.app.inject({ method: 'GET', url: '/api/docs/json' }));
  v1 = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/docs/json' }));
  t = await freshTenant(ctx, { balanceCents: 5000 });
});
afterAll(() => ctx.close());

/** Every operation of `doc` as [method, path, operation]. */
const operations = (doc: Doc): [string, string, Operation][] =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [method, path, op] as [string, string, Operation]));

const schemesOf = (op: Operation) => (op.security ?? []).flatMap((s) => Object.keys(s));

describe.each([
  ['the web API', () => web],
  ['v1', () => v1],
])('%s document', (_name, doc) => {
  it('names, summarises, describes and tags every operation, with operationIds unique and camelCase', () => {
    const ops = operations(doc());
    expect(ops.length).toBeGreaterThan(5);
    const ids = ops.map(([, , op]) => op.operationId);
    for (const [method, path, op] of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(op.summary?.trim(), where).toBeTruthy();
      expect(op.description?.trim(), where).toBeTruthy();
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const tag of op.tags ?? [])
        expect(
          doc().tags?.map((t) => t.name),
          where,
        ).toContain(tag);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation its route-written summary, unique in the document, and its own description before who may call', () => {
    const ops = operations(doc());
    const summaries = ops.map(([, , op]) => op.summary);
    expect(new Set(summaries).size, 'summaries are unique').toBe(summaries.length);
    for (const [method, path, op] of ops) {
      const where = `${method.toUpperCase()} ${path}: ${op.summary}`;
      // Sentence case, no trailing period, short enough for a navigation list (ADR 0037).
      expect(op.summary, where).toMatch(/^[A-Z][^.]*[^.\s]$/);
      expect(op.summary!.length, where).toBeLessThanOrEqual(60);
      const access = ACCESS_SENTENCE.exec(op.description ?? '');
      expect(access, where).not.toBeNull();
      const own = op.description!.slice(0, access!.index).trim();
      expect(own, where).toMatch(/^[A-Z`].*[.)]$/);
      expect(own, where).not.toBe(`${op.summary}.`);
    }
  });
});

/** The access sentence the transform puts after a route's own description (http/openapi.ts `accessSentence`). */
const ACCESS_SENTENCE = /(Open to anyone: no session needed\.|Needs a signed-in session[^.]*\.|Needs an API key with the `[^`]+` scope[^.]*\.)$/;

describe('the OpenAPI transform', () => {
  const input = (schema: Record<string, unknown>) => ({
    schema,
    url: '/api/t/:slug/widgets',
    route: { method: 'POST', url: '/api/t/:slug/widgets', handler: () => null, config: { roles: ['tenant_admin'] } } as unknown as RouteOptions,
    openapiObject: {},
  });

  it('refuses a documented route without a summary or a description, naming the method and path', () => {
    expect(() => openApiTransform(input({ description: 'Adds a widget.', body: z.object({}) }))).toThrow(/POST \/api\/t\/\{slug\}\/widgets has no summary/);
    expect(() => openApiTransform(input({ summary: 'Add a widget', body: z.object({}) }))).toThrow(/POST \/api\/t\/\{slug\}\/widgets has no description/);
    expect(() => openApiTransform(input({ summary: ' ', description: 'Adds a widget.' }))).toThrow(/has no summary/);
  });

  it('keeps the route’s summary and follows its description with who may call; a hidden route needs neither', () => {
    const { schema } = openApiTransform(input({ summary: 'Add a widget', description: 'Adds a widget.' })) as unknown as { schema: Record<string, unknown> };
    expect(schema.summary).toBe('Add a widget');
    expect(schema.description).toBe(
      'Adds a widget. Needs a signed-in session of a member with the role tenant_admin of the business in the path (401 signed out, 403 another role).',
    );
    expect(() => openApiTransform(input({ hide: true }))).not.toThrow();
  });
});

describe('the web API document', () => {
  it('keeps the operationIds users generated clients from (derived from method and path only)', () => {
    expect(web.paths['/api/t/{slug}/customers/{id}'].get.operationId).toBe('getCustomersById');
    expect(web.paths['/api/auth/login'].post.operationId).toBe('postAuthLogin');
    expect(web.paths['/api/v1/transactions/earn'].post.operationId).toBe('postV1TransactionsEarn');
  });

  it('declares the session cookie and applies it to guarded operations, not to public ones', () => {
    expect(web.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    for (const [method, path, op] of operations(web)) {
      if (path.startsWith('/api/t/') || path.startsWith('/api/platform/')) expect(schemesOf(op), `${method} ${path}`).toEqual(['session']);
      if (path.startsWith('/api/v1/')) expect(schemesOf(op), `${method} ${path}`).toEqual(['apiKey']);
    }
    expect(web.paths['/api/auth/password'].put.security).toEqual([{ session: [] }]);
    for (const [path, method] of [
      ['/api/auth/login', 'post'],
      ['/api/{slug}/c/{cardUid}', 'get'],
      ['/healthz', 'get'],
    ]) {
      expect(web.paths[path][method].security, path).toEqual([]);
    }
  });

  it('tells who may call: the platform admin on the platform’s paths, the roles under a business', () => {
    for (const [method, path, op] of operations(web)) {
      if (path.startsWith('/api/platform/') || path.startsWith('/api/admin/')) expect(op.description, `${method} ${path}`).toContain('of a platform admin');
    }
    expect(web.paths['/api/t/{slug}/customers/{id}'].get.description).toMatch(/Needs a signed-in session of a member with the role tenant_admin/);
  });

  it('documents the guards’ error answers with the error schema', () => {
    const op = web.paths['/api/t/{slug}/customers/{id}'].get;
    for (const status of ['401', '403', '404']) expect(Object.keys(op.responses)).toContain(status);
    const body = (op.responses['401'] as { content: Record<string, { schema: { properties: object } }> }).content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['error', 'code']));
  });
});

describe('the v1 document', () => {
  it('declares the bearer key on every operation', () => {
    expect(v1.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [method, path, op] of operations(v1)) expect(schemesOf(op), `${method} ${path}`).toEqual(['apiKey']);
  });

  it('declares the RateLimit-* headers a v1 answer really carries, and Retry-After on 429', async () => {
    for (const [method, path, op] of operations(v1)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '401' || status === '403' || status === '500') continue;
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
        );
      }
      expect(Object.keys(op.responses['429'].headers ?? {}), `${method} ${path}`).toContain('Retry-After');
    }
    const key = json(await t.req('POST', 'api-keys', { name: 'Docs', scopes: ['read'] })).key as string;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/cards/${t.cardUid}`, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(200);
    const documented = Object.keys(v1.paths['/cards/{cardUid}'].get.responses['200'].headers ?? {}).map((h) => h.toLowerCase());
    for (const header of documented) expect(res.headers[header], header).toMatch(/^\d+$/);
  });

  it('documents input limits the server enforces', async () => {
    const body = (
      v1.paths['/transactions/earn'].post as unknown as {
        requestBody: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> };
      }
    ).requestBody.content['application/json'].schema;
    const max = body.properties.cardUid.maxLength;
    expect(max).toBe(200);
    const key = json(await t.req('POST', 'api-keys', { name: 'Till', scopes: ['pos:write'] })).key as string;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/transactions/earn',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'docs-limit-1' },
      payload: { cardUid: 'A'.repeat(max! + 1), amountCents: 100 },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
  });
});

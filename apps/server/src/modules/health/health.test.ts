import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, openContexts, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /healthz', () => {
  it('reports the database as up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const other = await createTestContext();
    await other.handle.close();
    openContexts.delete(other); // its database is gone: no ledger check after this test
    const res = await other.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ status: 'error', database: 'down' });
    await other.app.close();
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the contract at /api/docs/json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json(res);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/t/{slug}/transactions/earn', '/api/t/{slug}/cards/{cardUid}']));
    expect(doc.paths['/api/t/{slug}/transactions/earn'].post.requestBody.content['application/json'].schema.required).toContain('amountCents');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('NOT_FOUND');
  });
});

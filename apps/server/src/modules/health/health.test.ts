import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, json, openContexts, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createLifecycle } from './routes.ts';

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

describe('GET /readyz', () => {
  it('is ready when the database answers, every migration is applied and no shutdown has begun', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(json(res)).toEqual({ status: 'ready', database: 'up', pendingMigrations: 0, shuttingDown: false });
  });

  it('answers 503 from the moment a shutdown begins', async () => {
    const lifecycle = createLifecycle();
    const app = await buildApp({ config: ctx.config, handle: ctx.handle, logger: false, lifecycle });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    lifecycle.draining = true;
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ status: 'not ready', database: 'up', pendingMigrations: 0, shuttingDown: true });
    // Alive all the same: /healthz is about the process and its database, not the rotation.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('answers 503 while a committed migration is not applied, naming how many', async () => {
    const other = await createTestContext();
    const [last] = rowsOf<{ id: number }>(await other.db.execute(sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`));
    await other.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ status: 'not ready', database: 'up', pendingMigrations: 1 });
    await other.close();
  });

  it('answers 503 when the database is unreachable', async () => {
    const other = await createTestContext();
    await other.handle.close();
    openContexts.delete(other);
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ status: 'not ready', database: 'down', pendingMigrations: null });
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

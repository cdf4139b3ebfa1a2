import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@loyalty/contract';
import { AppError, badRequest, notFound, RateLimitedError } from '../errors.ts';
import { ERROR_STATUS, registerErrorHandler } from './error-handler.ts';

/** A bare app whose one route throws what `fail` makes. */
async function appThrowing(fail: () => Error) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/x', async () => {
    throw fail();
  });
  await app.ready();
  return app;
}

describe('the error handler (ADR 0029)', () => {
  it('answers every code with its status from the one table, and the { error, code } body', async () => {
    for (const code of ErrorCode.options) {
      const app = await appThrowing(() => new AppError(code, `text of ${code}`));
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode, code).toBe(ERROR_STATUS[code]);
      expect(res.body, code).toBe(JSON.stringify({ error: `text of ${code}`, code }));
      await app.close();
    }
  });

  it('keeps the details and the default texts of the helpers', async () => {
    let app = await appThrowing(() => badRequest('Invalid name', [{ field: 'name', message: 'Required' }]));
    let res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('{"error":"Invalid name","code":"VALIDATION_ERROR","details":[{"field":"name","message":"Required"}]}');
    await app.close();
    app = await appThrowing(() => notFound());
    res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('{"error":"Not found","code":"NOT_FOUND"}');
    await app.close();
  });

  it('sends Retry-After for a RateLimitedError', async () => {
    const app = await appThrowing(() => new RateLimitedError('Wait', 42));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.body).toBe('{"error":"Wait","code":"RATE_LIMITED"}');
    await app.close();
  });

  it('an AppError carries no HTTP status of its own', () => {
    const err = new AppError('CONFLICT', 'Taken');
    expect(err).not.toHaveProperty('status');
    expect(err).not.toHaveProperty('statusCode');
  });
});

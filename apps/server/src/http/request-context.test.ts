import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../context.ts';
import { registerRequestContext } from './request-context.ts';

const USER: AuthUser = {
  id: 'u1',
  email: 'a@b.c',
  firstName: 'A',
  lastName: 'B',
  role: 'cashier',
  tenantId: 't1',
  storeId: null,
  storeName: null,
  customerId: null,
};

/** A bare app with the request context and a route that answers what its handler saw. */
async function appWith(clock: () => Date, signedIn: boolean) {
  const app = Fastify();
  app.decorateRequest('user', null);
  registerRequestContext(app, clock);
  if (signedIn) app.addHook('preHandler', async (request) => void (request.user = USER));
  app.post('/probe', async (request) => {
    const first = request.ctx;
    return { same: first === request.ctx, now: first.now.toISOString(), actor: first.actor, requestId: first.requestId, ip: first.ip };
  });
  return app;
}

describe('request context', () => {
  it('carries the clock instant of arrival, the signed-in user and the request id, built once', async () => {
    let tick = Date.parse('2026-03-01T10:00:00Z');
    const app = await appWith(() => new Date((tick += 1000)), true);
    const body = (await app.inject({ method: 'POST', url: '/probe', payload: {} })).json();
    expect(body.same).toBe(true);
    expect(body.now).toBe('2026-03-01T10:00:01.000Z');
    expect(body.actor).toEqual({ kind: 'user', user: USER });
    expect(body.requestId).toMatch(/^req-/);
    expect(body.ip).toBe('127.0.0.1');
  });

  it('is anonymous without a session', async () => {
    const app = await appWith(() => new Date('2026-03-01T10:00:00Z'), false);
    const body = (await app.inject({ method: 'POST', url: '/probe', payload: {} })).json();
    expect(body.actor).toEqual({ kind: 'anonymous' });
  });
});

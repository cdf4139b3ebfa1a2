import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Who is making the current request, as the audit trail records it (docs/security.md 'Audit
 * trail'): the signed-in user's id, the /api/v1 API key's id, and the client address
 * (`request.ip`, which honours TRUST_PROXY). Read lazily from the request, so the session and
 * API key guards that run after `onRequest` are seen.
 */
export interface RequestActor {
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
}

const storage = new AsyncLocalStorage<FastifyRequest>();

/**
 * The actor of the request this code runs for; undefined outside a request (jobs, start-up,
 * tests calling services directly).
 */
export function currentRequestActor(): RequestActor | undefined {
  const request = storage.getStore();
  if (!request) return undefined;
  return { userId: request.user?.id ?? null, apiKeyId: request.apiKey?.id ?? null, ip: request.ip ?? null };
}

/**
 * Makes the request visible to `currentRequestActor` for the rest of its life. The store is
 * entered in `onRequest` and entered again in `preHandler`: the body is parsed in stream
 * callbacks that do not carry the onRequest context, so the handler would otherwise lose it.
 */
export function registerRequestContext(app: FastifyInstance): void {
  const enter = (request: FastifyRequest, _reply: unknown, done: () => void): void => {
    storage.run(request, done);
  };
  app.addHook('onRequest', enter);
  app.addHook('preHandler', enter);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runAsActor, type RequestActor } from '../lib/request-actor.ts';

/** The audit trail's actor of `request`: its user, its API key and its client address (read when asked). */
function actorOf(request: FastifyRequest): RequestActor {
  return { userId: request.user?.id ?? null, apiKeyId: request.apiKey?.id ?? null, ip: request.ip ?? null };
}

/**
 * Makes the request's actor visible to `currentRequestActor` (lib/request-actor.ts) for the
 * rest of its life. The store is entered in `onRequest` and entered again in `preHandler`: the
 * body is parsed in stream callbacks that do not carry the onRequest context, so the handler
 * would otherwise lose it.
 */
export function registerRequestContext(app: FastifyInstance): void {
  const enter = (request: FastifyRequest, _reply: unknown, done: () => void): void => {
    runAsActor(() => actorOf(request), done);
  };
  app.addHook('onRequest', enter);
  app.addHook('preHandler', enter);
}

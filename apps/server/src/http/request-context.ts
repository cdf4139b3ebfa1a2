import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, RequestContext } from '../context.ts';
import { runAsActor, type RequestActor } from '../lib/request-actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app clock's instant when the request arrived (set in onRequest). */
    now: Date;
    /**
     * The request's context for use cases (src/context.ts `RequestContext`), built on first
     * read and kept: read it in handlers, after the session, tenant and API key guards ran.
     */
    readonly ctx: RequestContext;
  }
}

const built = new WeakMap<FastifyRequest, RequestContext>();

/** Who acts in `request`: its API key on `/api/v1`, else its signed-in user, else nobody. */
function actorOfRequest(request: FastifyRequest): Actor {
  if (request.apiKey) return { kind: 'apiKey', apiKey: request.apiKey };
  if (request.user) return { kind: 'user', user: request.user };
  return { kind: 'anonymous' };
}

/** The audit trail's actor of `request`: its user, its API key and its client address (read when asked). */
function auditActorOf(request: FastifyRequest): RequestActor {
  return { userId: request.user?.id ?? null, apiKeyId: request.apiKey?.id ?? null, ip: request.ip ?? null };
}

/**
 * Gives every request its instant from `clock` (`request.now`) and its use-case context
 * (`request.ctx`, src/context.ts), and makes its actor visible to `currentRequestActor`
 * (lib/request-actor.ts) for the rest of its life. The actor store is entered in `onRequest`
 * and again in `preHandler`: the body is parsed in stream callbacks that do not carry the
 * onRequest context, so the handler would otherwise lose it.
 */
export function registerRequestContext(app: FastifyInstance, clock: () => Date): void {
  app.decorateRequest('now', null as unknown as Date);
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): RequestContext {
      let ctx = built.get(this);
      if (!ctx) {
        ctx = {
          requestId: String(this.id),
          now: this.now,
          tenant: this.tenant ?? null,
          actor: actorOfRequest(this),
          ip: this.ip ?? null,
        };
        built.set(this, ctx);
      }
      return ctx;
    },
  });
  app.addHook('onRequest', (request, _reply, done) => {
    request.now = clock();
    runAsActor(() => auditActorOf(request), done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    runAsActor(() => auditActorOf(request), done);
  });
}

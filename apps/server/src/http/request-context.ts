import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, RequestContext } from '../context.ts';

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

/**
 * Gives every request its instant from `clock` (`request.now`) and its use-case context
 * (`request.ctx`, src/context.ts). Nothing else carries the request: a use case learns who acts
 * (and the audit trail its user, API key and address) only from the context it is handed
 * (ADR 0029, ADR 0039), so no per-request async storage is kept.
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
    done();
  });
}

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is making the current request, as the audit trail records it (docs/security.md 'Audit
 * trail'): the signed-in user's id, the /api/v1 API key's id, and the client address
 * (`request.ip`, which honours TRUST_PROXY).
 */
export interface RequestActor {
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
}

/**
 * The actor of the code running now, as a function: the HTTP layer (http/request-context.ts)
 * hands one that reads the request lazily, so the session and API key guards that run after
 * it are seen. Services read it through `currentRequestActor` and never see the request.
 */
const storage = new AsyncLocalStorage<() => RequestActor>();

/**
 * The actor of the request this code runs for; undefined outside a request (jobs, start-up,
 * tests calling services directly).
 */
export function currentRequestActor(): RequestActor | undefined {
  return storage.getStore()?.();
}

/** Runs `fn` (and everything it starts) with `actor` as what `currentRequestActor` reads. */
export function runAsActor(actor: () => RequestActor, fn: () => void): void {
  storage.run(actor, fn);
}

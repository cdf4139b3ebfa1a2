import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_REQUIRED } from '@loyalty/contract';
import type { IdempotentResult } from '../db/idempotency.ts';
import { badRequest } from '../errors.ts';

// The keys' store (claim, save, replay, scrub) and the money use cases' wrapper `idempotent()`
// are db/idempotency.ts: services run them inside their own transactions (ADR 0004, ADR 0029).
// This file is the HTTP side: the header, and sending a first or replayed answer.

/**
 * Reads the `Idempotency-Key` header (1–200 printable characters): null when absent (money
 * routes use `requireIdempotencyKey`). Throws 400 for a malformed key. ADR 0004.
 */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 200 printable characters', [{ field: 'headers.idempotency-key', message: 'Invalid key' }]);
  }
  return key;
}

/**
 * Reads the `Idempotency-Key` a money route requires (docs/product.md 'Ledger'). Returns the key;
 * throws 400 VALIDATION_ERROR 'Idempotency-Key header required' with details
 * `[{ field: 'headers.idempotency-key', message: 'Required' }]` when the header is absent, and
 * `idempotencyKeyOf`'s 400 when it is malformed.
 */
function requireIdempotencyKey(request: FastifyRequest): string {
  const key = idempotencyKeyOf(request);
  if (key === null) throw badRequest(IDEMPOTENCY_KEY_REQUIRED, [{ field: 'headers.idempotency-key', message: 'Required' }]);
  return key;
}

/**
 * Route options every money route spreads into its own (docs/product.md 'Ledger': earn, redeem, add
 * funds, and every movement added later): a `preValidation` hook that refuses a request
 * without a well-formed key before the body is validated, the tenant guard runs or anything is
 * read or written, so the 400 says exactly 'Idempotency-Key header required'. The route's
 * schema also declares `headers: IdempotencyKeyHeaders` (the contract), which puts the header
 * in the OpenAPI document as required and types `request.headers['idempotency-key']` as a
 * string; that validation never fails after this hook.
 */
export const moneyRouteOptions = {
  preValidation: async (request: FastifyRequest): Promise<void> => {
    requireIdempotencyKey(request);
  },
};

/**
 * Sends a money route's answer, first or replayed, the one way every money route does: the
 * stored status and body, with `Idempotent-Replayed: true` on a replay (clients and /metrics
 * tell a retry from a new movement by it). `onFirstAnswer` runs only for a first answer (e.g.
 * waking the outbox worker for a receipt), never for a replay, which wrote nothing.
 */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>, onFirstAnswer?: () => void): FastifyReply {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  else onFirstAnswer?.();
  return reply.status(result.status).send(result.body);
}

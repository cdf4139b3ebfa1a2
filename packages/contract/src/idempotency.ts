import { z } from 'zod';

/**
 * The 400 message when a money route is called without an `Idempotency-Key` header: earn, redeem,
 * add funds, and every movement of money added later.
 */
export const IDEMPOTENCY_KEY_REQUIRED = 'Idempotency-Key header required';

/**
 * An `Idempotency-Key` value: 1 to 200 printable ASCII characters (a UUID per attempt is what
 * the web sends). The same key with the same request replays the first answer and moves
 * nothing again; with another request it is 409 IDEMPOTENCY_KEY_REUSED.
 */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/)
  .describe(
    'Required. One unique value per payment attempt (e.g. a UUID), 1–200 printable ASCII characters. ' +
      'Retrying with the same key and request replays the first answer (header Idempotent-Replayed: true) and moves nothing twice; ' +
      'the same key with another request is 409 IDEMPOTENCY_KEY_REUSED.',
  );

/**
 * Request headers of a money route: `idempotency-key` required (Fastify
 * lower-cases header names); other headers pass through untouched.
 */
export const IdempotencyKeyHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey });
export type IdempotencyKeyHeaders = z.infer<typeof IdempotencyKeyHeaders>;

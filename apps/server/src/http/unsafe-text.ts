import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UNSAFE_TEXT_PATTERN, unsafeTextReason } from '@loyalty/contract';
import { badRequest } from '../errors.ts';

/** One step of the path to a value: a key or array index, linked to its parent (built only on failure). */
interface PathNode {
  key: string;
  parent: PathNode | null;
}

/** Where an unsafe string was found: the dotted field (`body.items.0.name`) and why it is refused. */
export interface UnsafeTextFinding {
  field: string;
  message: string;
}

/** The contract's rule, global: replaces every unsafe character of a refused key before it is echoed. */
const UNSAFE_TEXT_GLOBAL = new RegExp(UNSAFE_TEXT_PATTERN.source, 'gu');

/** 'Must not contain …' → 'Key must not contain …'. */
function keyMessage(reason: string): string {
  return `Key ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
}

/** Longest field name echoed back; a hostile body may nest 100,000 levels or use a 1 MB key. */
const MAX_FIELD_LENGTH = 200;

/** The dotted field of a path node, cut to `MAX_FIELD_LENGTH` characters with '…'. */
function pathToField(node: PathNode): string {
  const parts: string[] = [];
  for (let n: PathNode | null = node; n; n = n.parent) parts.push(n.key);
  const field = parts.reverse().join('.');
  if (field.length <= MAX_FIELD_LENGTH) return field;
  // Do not cut a surrogate pair in half: that would echo a lone surrogate.
  return `${field.slice(0, MAX_FIELD_LENGTH - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * Objects and arrays are walked: JSON bodies, and the query and params objects (Fastify builds
 * those with a null-prototype constructor, so they are not `Object.prototype` objects). Raw
 * bodies (a Buffer, e.g. the Stripe webhook's signed bytes) are not text and are skipped.
 */
function isWalkable(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

/**
 * Finds the first string (value or object key) in `value` that holds U+0000 or an unpaired
 * UTF-16 surrogate (the contract's `unsafeTextReason`), walking objects and
 * arrays in key order (an object's own strings before its nested objects). `root` names the
 * top (`body`, `querystring`, `params`); a value at `body.customer.firstName` is reported as
 * that field, an array item as `body.items.0`. A refused key is reported at its own path with
 * U+FFFD in place of the bad characters, and a message starting 'Key must not'. Fields longer
 * than 200 characters are cut and end with '…'. Iterative (an explicit stack), so a body
 * nested 10,000 levels deep cannot overflow the call stack; each value is visited once
 * (linear in the size of the input). Returns null when all text is safe. Never throws on
 * parsed JSON, query or params objects (plain data without getters or cycles).
 */
export function findUnsafeText(value: unknown, root: string): UnsafeTextFinding | null {
  const rootNode: PathNode = { key: root, parent: null };
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? { field: root, message: reason } : null;
  }
  if (!isWalkable(value)) return null;
  const stack: { value: Record<string, unknown> | unknown[]; node: PathNode }[] = [{ value, node: rootNode }];
  while (stack.length > 0) {
    const { value: current, node } = stack.pop()!;
    const keys = Object.keys(current);
    // Pushed in reverse so that the first key is reported first.
    const children: { value: Record<string, unknown> | unknown[]; node: PathNode }[] = [];
    for (const key of keys) {
      const keyReason = Array.isArray(current) ? null : unsafeTextReason(key);
      if (keyReason) {
        const safeKey = key.replace(UNSAFE_TEXT_GLOBAL, '\uFFFD');
        return { field: pathToField({ key: safeKey, parent: node }), message: keyMessage(keyReason) };
      }
      const child = (current as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        const reason = unsafeTextReason(child);
        if (reason) return { field: pathToField({ key, parent: node }), message: reason };
      } else if (isWalkable(child)) {
        children.push({ value: child, node: { key, parent: node } });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}

/**
 * The first unsafe string of a request, in the order params, query, body, named as the error
 * handler names schema failures (Fastify's validation contexts): `params.slug`,
 * `querystring.search`, `body.firstName`, `body.items.0.name`. Null when all text is safe.
 */
function findUnsafeRequestText(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): UnsafeTextFinding | null {
  return findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'querystring') ?? findUnsafeText(request.body, 'body');
}

/**
 * Registers the unsafe-text guard (NUL and lone surrogates answer 400) on the root app: a `preValidation` hook,
 * so it runs for every route after the body is parsed and before schema validation and
 * every `preHandler` (the tenant guard of http/tenant-context.ts), hence before any route or
 * service reads the database with the request's text. When a path parameter, query value,
 * body value or object key holds U+0000 or an unpaired surrogate, it throws a 400
 * VALIDATION_ERROR `{ error: 'Invalid <field>: <message>', code, details: [{ field, message }] }`
 * for the first one found. Earlier stages see no request text: the session lookup (onRequest)
 * reads only the cookie, the public card rate limiter (route onRequest) keys on the client
 * address and still counts refused requests. Requests that matched no route (`is404`) are left
 * to the not-found handler. Must be called on the root instance before the routes are registered.
 */
export function registerUnsafeTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const finding = findUnsafeRequestText(request);
    if (!finding) return;
    throw badRequest(`Invalid ${finding.field.replace(/^body\./, '')}: ${finding.message}`, [finding]);
  });
}

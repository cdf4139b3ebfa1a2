/**
 * The OpenAPI document of `/api/v1` (ADR 0020), served at /api/v1/docs (JSON at
 * /api/v1/docs/json): the app's whole document (generated from the contract's zod schemas by
 * @fastify/swagger) cut down to the v1 paths, with the bearer security scheme, the server
 * prefix and an example for each request and answer. `V1_EXAMPLES` are checked against the
 * contract by the tests, so an example cannot drift from the schema.
 */

type Json = Record<string, unknown>;

const CARD_UID = 'A1B2C3D4E5F6';
const TX_ID = '0b6f1a52-4c57-4c4f-9c5c-2f7a3e1d9b10';
const CUSTOMER_ID = '5d2f0e8a-7b1c-4a3e-8f60-1c9b2a7d4e33';

/** Request and answer examples by 'METHOD path' (paths relative to /api/v1). */
export const V1_EXAMPLES: Record<string, { request?: unknown; response: unknown }> = {
  'POST /transactions/earn': {
    request: { cardUid: CARD_UID, amountCents: 2500, category: 'PURCHASE', note: 'Till 2, receipt 10443' },
    response: { transactionId: TX_ID, newBalance: 1375, cashbackEarned: 125, rateBps: 500, tier: 'SILVER' },
  },
  'POST /transactions/redeem': {
    request: { cardUid: CARD_UID, amountCents: 1000 },
    response: { transactionId: TX_ID, newBalance: 375, amountRedeemed: 1000 },
  },
  'POST /transactions/{id}/refund': {
    request: { amountCents: 2500, reason: 'Returned item' },
    response: {
      transactionId: TX_ID,
      refundedAmountCents: 2500,
      clawedBackCents: 125,
      unrecoveredCents: 0,
      remainingAmountCents: 0,
      newBalanceCents: 1250,
      tier: 'SILVER',
    },
  },
  'POST /transactions/{id}/void': {
    request: { reason: 'Wrong card' },
    response: { transactionId: TX_ID, restoredCents: 1000, newBalanceCents: 1375 },
  },
  'POST /customers': {
    request: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      birthday: { month: 12, day: 10 },
      referralCode: 'K7M2Q9XR',
    },
    response: {
      id: CUSTOMER_ID,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      tier: 'SILVER',
      totalSpendCents: 0,
      activeCards: 0,
      referralCode: 'T4WN8B3E',
      birthday: { month: 12, day: 10, year: null },
      createdAt: '2026-11-24T10:15:00.000Z',
      cards: [],
    },
  },
};

/** Keeps the v1 paths of `spec` (they start with /api/v1/) relative to the server `/api/v1`, adds the bearer scheme and the examples. */
export function v1Specification(spec: Readonly<Json>): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries((spec.paths ?? {}) as Record<string, Json>)) {
    if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/docs')) continue;
    const relative = path.slice('/api/v1'.length);
    const methods: Json = {};
    for (const [method, op] of Object.entries(item)) {
      const operation: Json = { ...(op as Json), security: [{ apiKey: [] }] };
      withRateLimitHeaders(operation);
      withAnswerStringLimits(operation.responses);
      const example = V1_EXAMPLES[`${method.toUpperCase()} ${relative}`];
      if (example) withExamples(operation, example);
      methods[method] = operation;
    }
    paths[relative] = methods;
  }
  const components = (spec.components ?? {}) as Json;
  return {
    ...spec,
    info: {
      title: 'Loyalty Cards API v1',
      version: '1.0.0',
      contact: { name: 'Loyalty Cards operators', url: '/' },
      description:
        'The REST API for point-of-sale systems. Authenticate with `Authorization: Bearer lc_live_…` (create keys under Integrations → API keys). ' +
        'Money is in integer cents. Every POST that moves money needs an `Idempotency-Key` header: a retry with the same key and body answers the first result (`Idempotent-Replayed: true`) and moves nothing. ' +
        'Errors are `{ error, code, details }`. Each key may make a limited number of requests a minute (`RateLimit-*` headers; 429 with `Retry-After` beyond). ' +
        'Lists are newest first; pass the last id as `starting_after` while `hasMore` is true. Guide: docs/integrations.md.',
    },
    servers: [{ url: '/api/v1', description: 'Production: the API of this installation.', 'x-internal': false }],
    components: {
      ...components,
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: lc_live_… (production) or lc_test_…' } },
    },
    security: [{ apiKey: [] }],
    paths,
  };
}

/** Seconds of the per-key window (api-v1/routes.ts `API_RATE_WINDOW_MS`): the most `RateLimit-Reset` and `Retry-After` can say. */
const WINDOW_SECONDS = 60;
const count = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 };
const seconds = { type: 'integer', format: 'int32', minimum: 0, maximum: WINDOW_SECONDS };

/** The draft-standard rate-limit headers of a v1 answer (@fastify/rate-limit with `enableDraftSpec`, api-v1/routes.ts). */
const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requests this API key may make in the current minute (API_RATE_LIMIT).', schema: count },
  'RateLimit-Remaining': { description: 'Requests left to this key in the current window.', schema: count },
  'RateLimit-Reset': { description: 'Seconds until the window closes and the count starts again.', schema: seconds },
};
/** `Retry-After` of a 429: seconds until the key may call again. */
const RETRY_AFTER: Json = { 'Retry-After': { description: 'Seconds to wait before the next request with this key.', schema: seconds } };

/**
 * The longest string the answers' fields hold, by field name: each is the limit the server
 * enforces on the request that stored the value (packages/contract: names 100, e-mail 200, phone
 * 40, note 500, store name 100, card UID 200, time zone 64), an id's uuid (36), an instant's
 * ISO-8601 form (`toISOString`, 24), a date (10), an error code (the ErrorCode names) or message,
 * and the card link (PUBLIC_URL, at most 1000 characters, with slug, card UID and token).
 * Answers are not re-checked against these: they hold what the requests' limits let in.
 */
const ANSWER_STRING_LIMITS: Record<string, number> = {
  id: 36,
  transactionId: 36,
  customerId: 36,
  storeId: 36,
  reversesTransactionId: 36,
  cardUid: 200,
  firstName: 100,
  lastName: 100,
  customerName: 201,
  email: 200,
  phone: 40,
  note: 500,
  storeName: 100,
  qrUrl: 2048,
  createdAt: 24,
  activatedAt: 24,
  timezone: 64,
  from: 10,
  to: 10,
  date: 10,
  code: 64,
  error: 1000,
};

/** Puts `maxLength` from ANSWER_STRING_LIMITS on the answer schema's string fields that have none. */
function withAnswerStringLimits(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) withAnswerStringLimits(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const obj = node as Json;
  for (const [name, field] of Object.entries((obj.properties ?? {}) as Record<string, Json>)) {
    if (field.type === 'string' && field.maxLength === undefined && !field.enum && ANSWER_STRING_LIMITS[name]) field.maxLength = ANSWER_STRING_LIMITS[name];
  }
  for (const value of Object.values(obj)) withAnswerStringLimits(value);
}

/**
 * Declares the rate-limit headers on each answer of the operation that passed the key check
 * (every status but 401 and 403: the key guard answers those before the limit counts), and
 * `Retry-After` on its 429.
 */
function withRateLimitHeaders(operation: Json): void {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const declared: Record<string, Json> = {};
  for (const [status, response] of Object.entries(responses)) {
    if (status === '401' || status === '403') {
      declared[status] = response;
      continue;
    }
    const headers = { ...((response.headers ?? {}) as Json), ...RATE_LIMIT_HEADERS, ...(status === '429' ? RETRY_AFTER : {}) };
    declared[status] = { ...response, headers };
  }
  operation.responses = declared;
}

/** Puts `example` on the operation's JSON request body and its 200/201 JSON answer. */
function withExamples(operation: Json, example: { request?: unknown; response: unknown }): void {
  const body = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
  if (body && example.request !== undefined) body.example = example.request;
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, Json> }>;
  const ok = responses['200'] ?? responses['201'];
  const content = ok?.content?.['application/json'];
  if (content) content.example = example.response;
}

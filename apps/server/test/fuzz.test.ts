import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createOtherTenant, createTestContext, demoSessions, json, loginAs } from './helpers.ts';
import { startFakeStripe, stripeEnv } from './fake-stripe.ts';

/**
 * Schema-driven fuzz test of the whole API. For every operation of the
 * OpenAPI document (`app.swagger()`, generated from the zod contract) it sends requests whose
 * path parameters, query and body come from the operation's JSON schema, mixed with hostile
 * variants: wrong types, 1 MB strings, NUL, lone surrogates, deep nesting, `__proto__` /
 * `constructor` keys, 1e308, -0, numeric strings, bytes that are not UTF-8. Requests are
 * signed in as a role that can reach the route (sometimes another role, sometimes signed
 * out), path parameters are often real ids so requests get past 404s, and POSTs carry a
 * random Idempotency-Key. It asserts: no 5xx, no request slower than REQUEST_TIMEOUT_MS, and
 * no table changed (row count or newest row version) when the answer is 400.
 *
 * FUZZ_RUNS sets the runs per operation (default 10); FUZZ_SEED fixes fast-check's seed
 * (random by default; a failure prints the seed and path to replay it); FUZZ_REPORT=1 prints
 * the status codes seen per operation. Not fuzzed: nothing (downloads, PDFs and zips are fast
 * enough); the Stripe webhook is also sent garbage under a Stripe configuration at the end.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const REQUEST_TIMEOUT_MS = 10_000;
/** Tables that change on any request by design: session expiry slides, limiter counters, remembered devices. */
const UNFINGERPRINTED = ['rate_limit_counters', 'sessions', 'trusted_devices'];

type RoleName = 'platform' | 'admin' | 'cashier' | 'customer' | 'anon';
const ROLE_NAMES: RoleName[] = ['platform', 'admin', 'cashier', 'customer', 'anon'];
const CREDENTIALS: Record<Exclude<RoleName, 'anon'>, [string, string]> = {
  platform: ['admin@platform.com', 'AdminSecure123!'],
  admin: ['admin@demo.com', 'DemoAdmin123!'],
  cashier: ['cashier@demo.com', 'DemoCashier123!'],
  customer: ['customer@demo.com', 'DemoCustomer123!'],
};

// ---------------------------------------------------------------------------------------------
// The app, its OpenAPI document and real ids. Built at collection time: the tests are one per
// operation of the document.

const ctx = await createTestContext();
afterAll(() => ctx.close());
const cookies: Partial<Record<RoleName, string>> = await demoSessions(ctx.app);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
}

const doc = (
  ctx.app as unknown as {
    swagger(): { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
  }
).swagger();
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
);

async function api(method: string, url: string, role: RoleName, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: cookies[role] ? { cookie: cookies[role] } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
/** Every `id` in a JSON answer (objects, arrays and their direct children). */
function idsIn(value: unknown, depth = 0): string[] {
  if (depth > 3 || typeof value !== 'object' || value === null) return [];
  const own = !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string' ? [(value as { id: string }).id] : [];
  return [...own, ...Object.values(value).flatMap((v) => idsIn(v, depth + 1))];
}
async function listIds(url: string, role: RoleName): Promise<string[]> {
  const res = await api('GET', url, role);
  return res.statusCode === 200 ? idsIn(json(res)) : [];
}
async function rows(query: string): Promise<Record<string, unknown>[]> {
  const res = await ctx.db.execute(sql.raw(query));
  return (res as unknown as { rows: Record<string, unknown>[] }).rows;
}

// Targets of their own, so that the fuzzer's deletes and deactivations spare the demo accounts,
// the demo tenant and the sessions it signs in with.
const throwaway = await createOtherTenant(ctx.db);
const target = await api('POST', '/api/t/demo/customers', 'admin', { firstName: 'Fuzz', lastName: 'Target' });
const targetCustomerId: string | undefined = target.statusCode === 201 ? json(target).id : undefined;
// An open hosted checkout (add funds to a customer's active card) for the /checkout/{id} routes.
const holder = (json(await api('GET', '/api/t/demo/customers', 'admin')).customers as { id: string; activeCards: number }[]).find((c) => c.activeCards > 0);
if (holder) {
  await ctx.app.inject({
    method: 'POST',
    url: `/api/t/demo/customers/${holder.id}/add-funds`,
    headers: { cookie: cookies.admin!, 'idempotency-key': randomUUID() },
    payload: { amountCents: 500 },
  });
}
await api('POST', '/api/t/demo/billing/payment-methods', 'admin', { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2 });
const demoId = String((await rows(`select id from tenants where slug = 'demo'`))[0].id);
const staffIds = (
  await rows(
    `insert into users (tenant_id, email, password_hash, first_name, last_name, role) values ('${demoId}', 'fuzz-staff@demo.test', 'x', 'Fuzz', 'Staff', 'tenant_admin') returning id`,
  )
).map((r) => String(r.id));

/** Real values per path parameter: the segment before `{id}` picks the pool. */
const demoCards = json(await api('GET', '/api/t/demo/cards?limit=200', 'admin')).cards as { id: string; cardUid: string }[];
const pools: Record<string, string[]> = {
  slug: ['demo'],
  cardUid: demoCards.map((c) => c.cardUid),
  cardIds: demoCards.map((c) => c.id),
  customers: [...(targetCustomerId ? [targetCustomerId] : []), ...(await listIds('/api/t/demo/customers', 'admin'))],
  stores: await listIds('/api/t/demo/stores', 'admin'),
  users: staffIds,
  offers: await listIds('/api/t/demo/rules/offers', 'admin'),
  'payment-methods': await listIds('/api/t/demo/billing/payment-methods', 'admin'),
  checkout: (await rows(`select id from checkout_sessions where tenant_id = '${demoId}'`)).map((r) => String(r.id)),
  'card-orders': await listIds('/api/t/demo/card-orders', 'admin'),
  tenants: [throwaway.tenant.id],
  plans: await listIds('/api/platform/plans', 'platform'),
  // No open erasure request's id: the one-click erasure must never erase the demo customer whose session the fuzz uses (ADR 0026).
  'erasure-requests': ['00000000-0000-4000-8000-00000000e7a5'],
};
const allIds = Object.entries(pools).flatMap(([k, v]) => (k === 'slug' || k === 'cardUid' ? [] : v));

/** Body fields that name a real row, and the pool they draw from (half the time) in valid bodies. */
const FIELD_POOLS: Record<string, string> = {
  storeId: 'stores',
  customerId: 'customers',
  cardId: 'cardIds',
  cardUid: 'cardUid',
  cardUids: 'cardUid',
  planId: 'plans',
  paymentMethodId: 'payment-methods',
  orderId: 'card-orders',
};

function realValues(op: Operation, name: string): string[] {
  if (name !== 'id') return pools[name] ?? allIds;
  const segment = /\/([a-z-]+)\/\{id\}/.exec(op.path)?.[1] ?? '';
  return pools[segment]?.length ? pools[segment] : allIds;
}

/** The role that can reach an operation (http/tenant-context.ts ROLES). */
function preferredRoles(op: Operation): RoleName[] {
  if (/^\/api\/(platform|admin)\//.test(op.path)) return ['platform'];
  if (op.path === '/api/t/{slug}/me' || op.path.startsWith('/api/t/{slug}/me/')) return ['customer'];
  if (op.path.startsWith('/api/t/')) return ['admin', 'admin', 'cashier', 'platform'];
  return ['admin', 'cashier', 'customer', 'platform', 'anon'];
}

// ---------------------------------------------------------------------------------------------
// Write fingerprint: one query, row count and newest row version (xmin) of every table.

const tables = (
  await rows(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
)
  .map((r) => String(r.t))
  .filter((t) => !UNFINGERPRINTED.includes(t));
const FINGERPRINT_SQL = tables
  .map((t) => `select '${t}' as t, count(*)::bigint::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as v from "${t}"`)
  .join(' union all ');
async function fingerprint(): Promise<Record<string, string>> {
  return Object.fromEntries((await rows(FINGERPRINT_SQL)).map((r) => [String(r.t), String(r.v)]));
}

// ---------------------------------------------------------------------------------------------
// Values: valid ones from a JSON schema, and hostile ones.

/** JSON text inserted as is (so -0, 1e309, `__proto__` keys and 10,000-deep nesting reach the parser). */
class RawJson {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new RawJson(text);

/** JSON text of a generated value; RawJson pieces are inserted verbatim. */
function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Object.is(value, -0)) return '-0';
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${toJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value as query or path text. */
function toText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Object.is(value, -0)) return '-0';
  if (typeof value === 'string') return value;
  return typeof value === 'object' && value !== null ? toJson(value) : String(value);
}

/**
 * Percent-encodes like encodeURIComponent, but also a lone surrogate (as the three bytes a
 * careless UTF-8 encoder writes, ED A0 80 for U+D800), where encodeURIComponent throws.
 */
function percentEncode(text: string): string {
  if (/^[A-Za-z0-9\-_.~]*$/.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (/[A-Za-z0-9\-_.~]/.test(ch)) out += ch;
    else if (cp >= 0xd800 && cp <= 0xdfff)
      out += `%${(0xe0 | (cp >> 12)).toString(16)}%${(0x80 | ((cp >> 6) & 0x3f)).toString(16)}%${(0x80 | (cp & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

const ONE_MB = 'x'.repeat(1_000_000);
const DEEP_ARRAY = raw(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
const DEEP_OBJECT = raw(`${'{"a":'.repeat(10_000)}"\\u0000"${'}'.repeat(10_000)}`);
/** Text PostgreSQL cannot store: NUL, lone surrogates. */
const UNSTORABLE_STRINGS = ['\u0000', 'Ann\u0000', '\u0000\u0000', '\ud800', 'x\udfff', '\ude00\ud83d', '😀\ud83d'];
const HOSTILE_STRINGS = [
  '',
  ' ',
  '   ',
  '0',
  '-0',
  '1e308',
  '-1e308',
  '1e309',
  'NaN',
  'Infinity',
  '0x1f',
  '1_000',
  ' 42 ',
  '٣',
  '12abc',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '%ff',
  '\u202eexe.txt',
  '\u200b',
  'a\tb\nc',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<script>x</script>',
  'İI',
  'ß'.repeat(60),
  '😀'.repeat(60),
  'x'.repeat(201),
  'x'.repeat(10_001),
];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'a\u0000', '\ud800', '', 'role', 'tenantId', 'isAdmin', 'id'];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS) },
  { weight: 8, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(ONE_MB, `${ONE_MB.slice(1)}\u0000`) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, [], {}, [null], { a: 1 }, ['\u0000']) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(raw('-0'), raw('1e308'), raw('-1e308'), raw('1e309'), raw('5e-324'), raw('9007199254740993'), raw('1.0'), raw('1E2')),
  },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.maxSafeInteger()) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT, raw('{"__proto__":{"polluted":true}}'), raw('{"constructor":{"prototype":{"polluted":true}}}'), {
      constructor: 'x',
      toString: 'y',
      valueOf: 1,
      hasOwnProperty: 2,
    }),
  },
);

function bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : Number.EPSILON;
  let min = schema.minimum ?? (integer ? Number.MIN_SAFE_INTEGER : -1e9);
  let max = schema.maximum ?? (integer ? Number.MAX_SAFE_INTEGER : 1e9);
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  else if (schema.exclusiveMinimum === true) min += step;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  else if (schema.exclusiveMaximum === true) max -= step;
  return { min, max: Math.max(min, max) };
}

/** Passwords that pass the password policy (upper, lower, digit, symbol, 12 characters or more). */
const strongPassword = fc.stringMatching(/^[A-Z][a-z]{7,10}[0-9]{3}[!#%*]$/);
/** E-mail addresses zod's `.email()` accepts (fast-check's own may use characters it refuses). */
const plainEmail = fc.stringMatching(/^[a-z][a-z0-9]{1,10}@[a-z]{2,10}\.(com|org|test)$/);

function validString(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  if (/password/i.test(key)) return strongPassword;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return plainEmail;
    case 'date-time':
      return day.map((d) => d.toISOString());
    case 'date':
      return day.map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

/**
 * Values that satisfy `schema` (mostly: formats and lengths are approximated), as a client
 * would send them. `key` is the property name: a `…password…` string gets a strong password.
 */
function validValue(schema: JsonSchema | undefined, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const base = nonNullValue(schema, depth, key);
  return schema.nullable ? fc.oneof({ weight: 6, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}
function nonNullValue(schema: JsonSchema, depth: number, key: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, depth + 1, key)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), depth + 1, key);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const real = Object.hasOwn(FIELD_POOLS, key) ? (pools[FIELD_POOLS[key]] ?? []) : [];
      return real.length ? fc.oneof(fc.constantFrom(...real), validString(schema, key)) : validString(schema, key);
    }
    case 'integer':
      return fc.integer(bounds(schema, true));
    case 'number':
      return fc.double({ ...bounds(schema, false), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validValue(schema.items, depth + 1, key), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const record = Object.fromEntries(keys.map((k) => [k, validValue(props[k], depth + 1, k)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A copy of `value` with its `n`-th node (pre-order, the root included) replaced by `replacement`. */
function replaceAt(generated: unknown, n: number, replacement: unknown): unknown {
  // fast-check replays generated values while shrinking: change a copy, never the value itself.
  const value = structuredClone(generated);
  const nodes: { parent: Record<string, unknown> | unknown[] | null; key: string | number }[] = [{ parent: null, key: '' }];
  const walk = (v: unknown) => {
    if (typeof v !== 'object' || v === null || v instanceof RawJson) return;
    for (const k of Object.keys(v)) {
      nodes.push({ parent: v as Record<string, unknown>, key: k });
      walk((v as Record<string, unknown>)[k]);
    }
  };
  walk(value);
  const node = nodes[n % nodes.length];
  if (!node.parent) return replacement;
  (node.parent as Record<string, unknown>)[node.key] = replacement;
  return value;
}

/** A copy of `generated` (an object) with one more own key, possibly `__proto__`. */
function withExtraKey(generated: unknown, key: string, extra: unknown): unknown {
  if (typeof generated !== 'object' || generated === null || Array.isArray(generated) || generated instanceof RawJson) return generated;
  const value = structuredClone(generated);
  Object.defineProperty(value, key, { value: extra, enumerable: true, writable: true, configurable: true });
  return value;
}

// ---------------------------------------------------------------------------------------------
// Requests.

/** One generated request; prints short (a 1 MB body would drown the failure report). */
class FuzzRequest {
  constructor(
    readonly role: RoleName,
    readonly method: Operation['method'],
    readonly url: string,
    readonly payload: string | undefined,
    readonly contentType: string | undefined,
    readonly idempotencyKey: string | undefined,
    readonly remoteAddress: string,
  ) {}
  [fc.toStringMethod](): string {
    const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s);
    return `${this.method} ${cut(this.url)} as ${this.role}${this.payload === undefined ? '' : ` ${this.contentType} ${cut(JSON.stringify(this.payload))}`}`;
  }
}

const RAW_SEGMENTS = ['%00', '%ff', '%ed%a0%80', '%c0%80', '%2F', '%2e%2e', '..', '.', '%', '%zz', '%u0000', '%25', ';', '*', 'DEM0CARD0001%00'];

/** A path parameter: in a clean request a real value (else a valid one); in a dirty one also hostile or raw bytes. */
function pathValue(op: Operation, param: Parameter, dirty: boolean): fc.Arbitrary<string> {
  const real = realValues(op, param.name);
  const valid = validValue(param.schema).map((v) => percentEncode(toText(v)));
  if (!dirty) return real.length ? fc.constantFrom(...real).map(percentEncode) : valid;
  return fc.oneof(
    ...(real.length ? [{ weight: 6, arbitrary: fc.constantFrom(...real).map(percentEncode) }] : []),
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: hostileValue.map((v) => percentEncode(toText(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

/** A query parameter's encoded values (none, one, or a repeated key). */
function queryValue(param: Parameter, dirty: boolean): fc.Arbitrary<string[]> {
  const valid = validValue(param.schema).map((v) => percentEncode(toText(v)));
  const absent = { weight: param.required ? 0 : 4, arbitrary: fc.constant<string[]>([]) };
  if (!dirty) return fc.oneof(absent, { weight: 4, arbitrary: valid.map((v) => [v]) });
  const one = fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: hostileValue.map((v) => percentEncode(toText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
  return fc.oneof(absent, { weight: 6, arbitrary: one.map((v) => [v]) }, { weight: 1, arbitrary: fc.tuple(one, one).map((pair) => [...pair]) });
}

/** A body: valid for the schema; or valid with one node replaced, or one extra key, or wholly hostile. */
function bodyValue(op: Operation, dirty: boolean): fc.Arbitrary<unknown> {
  const valid = validValue(op.body ?? undefined);
  if (!dirty) return valid;
  return fc.oneof(
    { weight: op.body ? 2 : 0, arbitrary: valid },
    { weight: op.body ? 5 : 0, arbitrary: fc.tuple(valid, fc.nat(), hostileValue).map(([v, n, h]) => replaceAt(v, n, h)) },
    { weight: op.body ? 2 : 0, arbitrary: fc.tuple(valid, fc.constantFrom(...HOSTILE_KEYS), hostileValue).map(([v, k, h]) => withExtraKey(v, k, h)) },
    { weight: 3, arbitrary: hostileValue },
  );
}

/**
 * Requests for an operation: 2 in 5 clean (the preferred role, real path values, a valid
 * query and body) so that handlers and the database are reached; the rest dirty (any role or
 * signed out, hostile values anywhere, odd content types).
 */
function requestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc.oneof({ weight: 2, arbitrary: requestOf(op, false) }, { weight: 3, arbitrary: requestOf(op, true) });
}

function requestOf(op: Operation, dirty: boolean): fc.Arbitrary<FuzzRequest> {
  const preferred = fc.constantFrom(...preferredRoles(op));
  const role = dirty
    ? fc.oneof(
        { weight: 6, arbitrary: preferred },
        { weight: 1, arbitrary: fc.constantFrom(...ROLE_NAMES) },
        { weight: 1, arbitrary: fc.constant<RoleName>('anon') },
      )
    : preferred;
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const body =
    op.method === 'GET'
      ? fc.constant(null)
      : dirty
        ? fc.option(bodyValue(op, true), { freq: op.body ? 12 : 3 })
        : op.body
          ? bodyValue(op, false)
          : fc.constant(null);
  return fc
    .record({
      role,
      path: fc.tuple(...pathParams.map((p) => pathValue(op, p, dirty))),
      query: fc.tuple(...queryParams.map((p) => queryValue(p, dirty))),
      extraQuery: dirty ? fc.option(fc.tuple(fc.constantFrom(...HOSTILE_KEYS, '__proto__[x]', 'a[b]'), hostileString), { freq: 4 }) : fc.constant(null),
      body,
      contentType: dirty
        ? fc.oneof(
            { weight: 8, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded') },
          )
        : fc.constant('application/json'),
      idempotencyKey: fc.uuid(),
      remoteAddress: fc.ipV4(),
    })
    .map(({ role, path, query, extraQuery, body, contentType, idempotencyKey, remoteAddress }) => {
      let i = 0;
      const url = op.path.replace(/\{[^}]+\}/g, () => path[i++]);
      const pairs = queryParams.flatMap((p, k) => query[k].map((v) => `${percentEncode(p.name)}=${v}`));
      if (extraQuery) pairs.push(`${percentEncode(extraQuery[0])}=${percentEncode(extraQuery[1])}`);
      const payload = body === null ? undefined : contentType === 'application/json' ? toJson(body) : toText(body);
      return new FuzzRequest(
        role,
        op.method,
        pairs.length ? `${url}?${pairs.join('&')}` : url,
        payload,
        payload === undefined ? undefined : contentType,
        op.method === 'POST' ? idempotencyKey : undefined,
        remoteAddress,
      );
    });
}

async function send(req: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const cookie = cookies[req.role];
  if (cookie) headers.cookie = cookie;
  if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
  if (req.contentType) headers['content-type'] = req.contentType;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ctx.app.inject({ method: req.method, url: req.url, headers, payload: req.payload, remoteAddress: req.remoteAddress }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A 401 to a signed-in role means the fuzzer ended its session (logout, …): when /api/auth/me says signed out ({ user: null }), sign in again. */
async function renewSession(role: RoleName): Promise<void> {
  if (role === 'anon') return;
  const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookies[role]! } });
  if (me.json().user) return;
  try {
    cookies[role] = await loginAs(ctx.app, ...CREDENTIALS[role]);
  } catch {
    // The account was changed by a fuzzed request; that role's later requests are signed out.
  }
}

/**
 * Adds the id of a row a POST just created (`POST …/card-orders` → `{ id }`) to the pool of
 * its collection, so later operations (`…/card-orders/{id}`) can address it. At most 20 per pool.
 */
function harvest(op: Operation, res: LightMyRequestResponse): void {
  const collection = /\/([a-z-]+)$/.exec(op.path)?.[1];
  if (op.method !== 'POST' || !collection || !res.body.startsWith('{')) return;
  const id = (json(res) as { id?: unknown }).id;
  const pool = (pools[collection] ??= []);
  if (typeof id === 'string' && !pool.includes(id) && pool.length < 20) pool.push(id);
}

// ---------------------------------------------------------------------------------------------

/** Status codes seen per operation, for the coverage check at the end. */
const seen = new Map<string, Map<number, number>>();
let fingerprintNow: Record<string, string> | null = null;

/** Operations whose success needs a secret that the fuzzer cannot hold (see the 2xx share below). */
const NEEDS_A_SECRET = [
  /^(POST|GET) \/api\/auth\/(reset-password|invitation|accept-invitation)$/,
  /^POST \/api\/auth\/2fa\/(enable|disable|verify)$/,
  /^POST \/api\/setup\/$/,
  /^POST \/api\/join\/\{slug\}(\/confirm)?$/,
  /^POST \/api\/unsubscribe$/,
  /^POST \/api\/webhooks\/stripe$/,
  /^\w+ \/api\/v1\//,
];

describe(`schema-driven fuzz: ${operations.length} operations × ${RUNS} runs${SEED === undefined ? '' : `, seed ${SEED}`}`, () => {
  it('reads every operation from the OpenAPI document, has real ids to send, and its fingerprint sees a write', async () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const name of ['cardUid', 'customers', 'stores', 'users', 'checkout', 'tenants', 'plans']) expect(pools[name].length, name).toBeGreaterThan(0);
    const before = await fingerprint();
    const created = await api('POST', '/api/t/demo/customers', 'admin', { firstName: 'Print', lastName: 'Check' });
    expect(created.statusCode, created.body).toBe(201);
    const afterInsert = await fingerprint();
    expect(afterInsert.customers).not.toBe(before.customers);
    const updated = await api('PUT', `/api/t/demo/customers/${json(created).id}`, 'admin', { firstName: 'Print', lastName: 'Checked' });
    expect(updated.statusCode, updated.body).toBe(200);
    // An UPDATE keeps the row count: the newest row version tells.
    expect((await fingerprint()).customers).not.toBe(afterInsert.customers);
  });

  for (const op of operations) {
    const name = `${op.method} ${op.path}`;
    it(name, async () => {
      const statuses = new Map<number, number>();
      seen.set(name, statuses);
      await fc.assert(
        fc.asyncProperty(requestArb(op), async (req) => {
          const before = fingerprintNow ?? (await fingerprint());
          fingerprintNow = null;
          const res = await send(req);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const answer = `${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, answer).toBeLessThan(500);
          if (res.statusCode === 400) {
            const after = await fingerprint();
            expect(after, `400 wrote to the database: ${answer}`).toEqual(before);
            fingerprintNow = after;
          }
          if (res.statusCode === 401) await renewSession(req.role);
          if (res.statusCode < 300) harvest(op, res);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    });
  }

  it('got past validation and the role check to a 2xx on most operations (real ids, valid bodies)', () => {
    if (process.env.FUZZ_REPORT) {
      for (const [op, statuses] of seen)
        console.log(
          op.padEnd(60),
          [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(' '),
        );
    }
    expect(seen.size).toBe(operations.length);
    // Operations that need a secret a fuzzer cannot hold (an e-mailed or start-up token, a TOTP
    // code or pending sign-in, a proof of work, a signed link or provider event, an API key) can
    // only answer 4xx here; the share is taken over the others.
    const reachable = [...seen].filter(([op]) => !NEEDS_A_SECRET.some((pattern) => pattern.test(op)));
    const succeeded = reachable.filter(([, statuses]) => [...statuses.keys()].some((s) => s >= 200 && s < 300));
    expect(succeeded.length / reachable.length).toBeGreaterThan(0.6);
  });
});

describe('POST /api/webhooks/stripe under the Stripe provider', () => {
  it('answers 400 to unsigned garbage and writes nothing', async () => {
    // A second app on the same database, configured for Stripe (a fake: nothing leaves the machine).
    const fake = await startFakeStripe();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...stripeEnv(fake) } as NodeJS.ProcessEnv);
    const stripeApp = await buildApp({ config, handle: ctx.handle, webDist: null, logger: false });
    try {
      const before = await fingerprint();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(bodyValue({ method: 'POST', path: '', params: [], body: null }, true), fc.jsonValue()),
          fc.option(fc.string(), { freq: 2 }),
          async (body, signature) => {
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if (signature !== null) headers['stripe-signature'] = signature;
            const res = await stripeApp.inject({ method: 'POST', url: '/api/webhooks/stripe', headers, payload: toJson(body) });
            expect(res.statusCode, res.body).toBe(400);
          },
        ),
        { numRuns: 30, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      expect(await fingerprint()).toEqual(before);
    } finally {
      await stripeApp.close();
      await fake.close();
    }
  });
});

import type { FastifySchema, RouteOptions } from 'fastify';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ErrorBody } from '@loyalty/contract';

/**
 * The OpenAPI document's conventions, applied to every route in one place rather than in 150
 * route schemas (ADR 0037): a stable camelCase `operationId` from the method and path, the
 * access sentence after the route's own description, the security scheme the route's guard asks for
 * (session cookie on the web API, bearer API key on /api/v1), the error answers its guards and
 * validator can give, and bounds on integers. The document is linted by Spectral
 * (`npm run lint:openapi`).
 */

type Json = Record<string, unknown>;

/** The session cookie scheme of the web API (http/session.ts: cookie `sid`). */
const SESSION_SCHEME = 'session';
/** The bearer API key scheme of /api/v1 (http/api-key-auth.ts). */
const API_KEY_SCHEME = 'apiKey';

/** The security schemes of the document (swagger's `openapi.components`: the plugin reads them while it builds each operation). */
export const SECURITY_SCHEMES = {
  [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by POST /api/auth/login (HttpOnly).' },
  [API_KEY_SCHEME]: { type: 'http', scheme: 'bearer', description: 'An API key: lc_live_… (production) or lc_test_…' },
} as const;

/** Route hooks that refuse a signed-out caller (http/session.ts, auth and platform routes). */
const SESSION_GUARDS = new Set(['requireAuth', 'requireStaffOrOperator', 'requirePlatformAdmin']);
/** Prefixes whose every route needs a session: the tenant guard (http/tenant-context.ts) and the platform guard. */
const SESSION_PREFIXES = ['/api/t/', '/api/platform/', '/api/admin/'];
/** Path segments that only place a route (tenant scope, the API root) and say nothing about it. */
const PLACING_SEGMENTS = new Set(['api', 't', '{slug}']);

/** Who may call a route, as the OpenAPI document tells it. */
type Access = 'public' | 'session' | 'apiKey';

/** The access a route needs: the API key on /api/v1, a session under the guarded prefixes or with a guard hook of its own, else none. */
function accessOf(url: string, route: RouteOptions): Access {
  if (url.startsWith('/api/v1/')) return 'apiKey';
  if (SESSION_PREFIXES.some((p) => url.startsWith(p))) return 'session';
  const hooks: unknown[] = [route.onRequest, route.preHandler].flat();
  return hooks.some((h) => typeof h === 'function' && SESSION_GUARDS.has(h.name)) ? 'session' : 'public';
}

/** `/api/t/:slug/cards/:cardUid` → `/api/t/{slug}/cards/{cardUid}` (the document's path), without a trailing slash. */
function documentPath(url: string): string {
  const path = url.replace(/:(\w+)/g, '{$1}');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

const pascal = (word: string): string =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * A stable camelCase operationId from the method and the document path: the method, then each
 * segment in PascalCase, parameters as `By<Name>`; the tenant scope (`/api/t/{slug}`) and the
 * `/api` root are left out. `GET /api/t/{slug}/customers/{id}` → `getCustomersById`,
 * `POST /api/v1/transactions/earn` → `postV1TransactionsEarn`. Unique because method and path
 * are (a test checks it).
 */
function operationIdOf(method: string, path: string): string {
  const segments = path.split('/').filter((s, i, all) => s && !(PLACING_SEGMENTS.has(s) && (s !== '{slug}' || all[i - 1] === 't')));
  const words = segments.map((s) => (s.startsWith('{') ? `By${pascal(s.slice(1, -1))}` : pascal(s)));
  return method.toLowerCase() + words.join('');
}

/** The sentence of the description that says who may call: the roles of `config.roles`, the API key's scope, the platform admin on the platform's paths, or nobody in particular. */
function accessSentence(url: string, access: Access, route: RouteOptions): string {
  const config = (route.config ?? {}) as { roles?: readonly string[]; scope?: string };
  if (access === 'apiKey') return `Needs an API key with the \`${config.scope ?? 'read'}\` scope (401 without a valid key, 403 without the scope).`;
  if (access === 'public') return 'Open to anyone: no session needed.';
  if (url.startsWith('/api/platform/') || url.startsWith('/api/admin/'))
    return 'Needs a signed-in session of a platform admin (401 signed out, 403 another role).';
  if (config.roles)
    return `Needs a signed-in session of a member with the role ${config.roles.join(' or ')} of the business in the path (401 signed out, 403 another role).`;
  return 'Needs a signed-in session (401 signed out).';
}

/** The statuses a route can answer besides its own: the validator's 400, the guards' 401 and 403, the tenant guard's 404, and the error handler's 500 (http/error-handler.ts). */
function guardStatuses(url: string, access: Access, route: RouteOptions, schema: FastifySchema): number[] {
  const statuses: number[] = [];
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.push(400);
  if (access !== 'public') statuses.push(401);
  const config = (route.config ?? {}) as { roles?: unknown; scope?: unknown };
  if (config.roles || config.scope || url.startsWith('/api/platform/') || url.startsWith('/api/admin/')) statuses.push(403);
  if (url.startsWith('/api/t/')) statuses.push(404);
  statuses.push(500);
  return statuses;
}

/**
 * The route's own `summary` and `description` (written for the caller, ADR 0037); throws an
 * Error naming the method and path when either is missing or blank, so the document (and
 * `npm run lint:openapi`, and the web client's generation) fails rather than publish an
 * operation nobody described. Hidden routes (`hide: true`) are not documented and need neither.
 */
function ownTexts(method: string, path: string, schema: Json): { summary: string; description: string } {
  const summary = typeof schema.summary === 'string' ? schema.summary.trim() : '';
  const description = typeof schema.description === 'string' ? schema.description.trim() : '';
  if (!summary || !description)
    throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} has no ${summary ? 'description' : 'summary'} in its route schema (ADR 0037)`);
  return { summary, description };
}

/**
 * The swagger `transform`: fills each route's operationId, tags, security and guard error
 * answers (ErrorBody) where the route's schema does not say them, follows the route's own
 * description with who may call it, then converts the zod schemas (fastify-type-provider-zod
 * `jsonSchemaTransform`). Throws (see `ownTexts`) for a documented route without a summary or
 * description.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const { url, route } = input;
  const schema = (input.schema ?? {}) as FastifySchema & Json;
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  const path = documentPath(url);
  const access = accessOf(url, route);
  const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
  for (const status of guardStatuses(url, access, route, schema)) response[status] ??= ErrorBody;
  if (schema.hide) return jsonSchemaTransform(input);
  const { summary, description } = ownTexts(method, path, schema);
  const tags = (schema.tags as string[] | undefined) ?? [path.split('/').filter((s) => !PLACING_SEGMENTS.has(s))[0] ?? 'api'];
  const augmented = {
    ...schema,
    operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, path),
    summary,
    description: `${description} ${accessSentence(url, access, route)}`,
    tags,
    security: access === 'public' ? [] : [{ [access === 'apiKey' ? API_KEY_SCHEME : SESSION_SCHEME]: [] }],
    response,
  };
  const converted = jsonSchemaTransform({ ...input, schema: augmented });
  // A prefix's root route ('/api/setup/') also answers without the slash (Fastify's default); the document names it without.
  return { ...converted, url: converted.url.length > 1 ? converted.url.replace(/\/$/, '') : converted.url };
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** Lengths a string's `format` fixes, which zod checks with the format (a uuid, a YYYY-MM-DD date). */
const FORMAT_LENGTHS: Record<string, number> = { uuid: 36, date: 10 };

/**
 * Integers get a `format` (int32 when both bounds fit, else int64) and the bounds zod enforces
 * anyway (an `.int()` is a safe integer, ±2^53−1); strings of a fixed-length format get that
 * `maxLength`. In requests and in answers (the serializer checks answers with the same schemas).
 */
function boundScalars(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) boundScalars(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const obj = node as Json;
  if (obj.type === 'integer') {
    obj.minimum ??= -MAX_SAFE;
    obj.maximum ??= MAX_SAFE;
    const fits32 = (obj.minimum as number) >= INT32_MIN && (obj.maximum as number) <= INT32_MAX;
    obj.format ??= fits32 ? 'int32' : 'int64';
  }
  if (obj.type === 'string' && typeof obj.format === 'string' && FORMAT_LENGTHS[obj.format]) obj.maxLength ??= FORMAT_LENGTHS[obj.format];
  for (const value of Object.values(obj)) boundScalars(value);
}

/** An answer without a declared 2xx is a file download (CSV, PDF, PNG, ZIP): documented as binary. */
function withDownloadAnswer(operation: Json): void {
  const responses = (operation.responses ?? {}) as Record<string, unknown>;
  if (Object.keys(responses).some((s) => s.startsWith('2'))) return;
  operation.responses = {
    200: {
      description: 'The file, sent as a download (Content-Disposition: attachment).',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    ...responses,
  };
}

/**
 * The swagger `transformObject`: the document's description, contact, server and security
 * schemes, the list of the tags the operations use, a download answer where a route declares
 * no 2xx, bounded integers and fixed-length strings.
 */
export const openApiTransformObject: SwaggerTransformObject = (documentObject) => {
  const spec = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Json;
  const paths = (spec.paths ?? {}) as Record<string, Record<string, Json>>;
  const tags = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const tag of (operation.tags ?? []) as string[]) tags.add(tag);
      withDownloadAnswer(operation);
    }
  }
  boundScalars(paths);
  const components = (spec.components ?? {}) as Json;
  return {
    ...spec,
    info: {
      ...(spec.info as Json),
      description:
        'The API of the loyalty card service: the web app’s calls (session cookie) and the integrators’ /api/v1 (bearer API key; its own document at /api/v1/docs). ' +
        'Money is in integer cents; errors are `{ error, code, details }`.',
      contact: { name: 'Loyalty Cards operators', url: '/' },
    },
    servers: [{ url: '/', description: 'This installation' }],
    tags: [...tags].sort().map((name) => ({ name, description: `Operations on ${name.replace(/-/g, ' ')}.` })),
    components: {
      ...components,
      securitySchemes: SECURITY_SCHEMES,
    },
  } as unknown as ReturnType<SwaggerTransformObject>;
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

/** The 403 text of a refused cross-origin request. */
const CROSS_ORIGIN_REFUSED = 'Cross-origin request refused';

/** Methods that cannot change state; every other method is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes called by other servers, never by a browser page, so no Origin rule applies:
 * Stripe's webhook (signed; Stripe sends no Origin, but the exemption is explicit).
 * Keys are `METHOD route-pattern`.
 */
const EXEMPT_ROUTES = new Set(['POST /api/webhooks/stripe']);

/**
 * The REST API of integrations: authenticated by a bearer API key only, never by a
 * cookie, so a foreign page cannot ride on a signed-in browser; its callers are servers.
 */
const EXEMPT_PREFIX = '/api/v1/';

/** Host names of this machine, for the development origins. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The Vite dev server (5173) and `vite preview` (4173), both proxying /api (apps/web/vite.config.ts). */
const VITE_PORTS = [5173, 4173];

/**
 * The serialised origin (`scheme://host[:port]`, WHATWG URL rules: host lower-cased, IDN in
 * punycode, default port dropped) of an absolute http(s) URL; null for anything else (an
 * unparsable value, `null`, a list of origins, another scheme). Never throws.
 */
export function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
}

/**
 * The origins whose pages may send state-changing requests:
 * PUBLIC_URL's origin; outside production also the same scheme and port on localhost,
 * 127.0.0.1 and [::1] (the e2e tests browse http://127.0.0.1:PORT while PUBLIC_URL defaults to
 * http://localhost:PORT), and the Vite dev and preview servers on those hosts.
 * Throws when `config.publicUrl` is not an http(s) URL (config.ts has already checked it).
 */
export function allowedOrigins(config: Pick<Config, 'env' | 'publicUrl'>): Set<string> {
  const publicOrigin = originOf(config.publicUrl);
  if (!publicOrigin) throw new Error(`PUBLIC_URL is not an http(s) URL: ${config.publicUrl}`);
  const allowed = new Set([publicOrigin]);
  if (config.env !== 'production') {
    const pub = new URL(publicOrigin);
    for (const host of LOOPBACK_HOSTS) {
      const loopback = new URL(publicOrigin);
      loopback.host = pub.port ? `${host}:${pub.port}` : host;
      allowed.add(loopback.origin);
      for (const port of VITE_PORTS) allowed.add(`http://${host}:${port}`);
    }
  }
  return allowed;
}

/**
 * Where a request says it comes from: its `Origin` header, or without one its `Referer`'s
 * origin. `undefined` when it sends neither (curl, server-to-server, integrations); `null`
 * when a header is there but names no http(s) origin (`Origin: null`, garbage), which counts
 * as foreign.
 */
function claimedOrigin(request: FastifyRequest): string | null | undefined {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return originOf(origin);
  if (referer !== undefined) return originOf(referer);
  return undefined;
}

/**
 * The server-side Origin check: a request with any method but GET, HEAD
 * and OPTIONS whose `Origin` (or, without it, `Referer`) is present and is not one of
 * `allowedOrigins(config)` answers 403 FORBIDDEN 'Cross-origin request refused'. Requests
 * sending neither header pass; so do the Stripe webhook and the bearer-key API /api/v1. Origins compare exactly on scheme,
 * host and port after WHATWG normalisation.
 *
 * An onRequest hook on the root instance, so it runs for every route and for 404s, before the
 * session lookup (the session plugin's onRequest hook is registered after this one: app.ts),
 * before body parsing and before the route-level rate limits. Must be called before the
 * session plugin is registered.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const allowed = allowedOrigins(config);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (EXEMPT_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    if (request.routeOptions.url?.startsWith(EXEMPT_PREFIX)) return;
    const claimed = claimedOrigin(request);
    if (claimed === undefined) return;
    if (claimed === null || !allowed.has(claimed)) throw forbidden(CROSS_ORIGIN_REFUSED);
  });
}

/**
 * A stand-in for `globalThis.fetch` at the network boundary, so the real `lib/api.ts` runs in
 * the tests (headers, JSON, error mapping) and only the server is pretended.
 *
 *   const server = stubFetch().on('POST', '/api/t/acme/transactions/earn', networkError(), json(200, answer));
 *   …
 *   expect(server.requestsTo('POST', '/api/t/acme/transactions/earn')[1].headers.get('Idempotency-Key')).toBe(…);
 *
 * A request no route answers writes a console.error (which fails the test, see console.ts) and
 * rejects like a failed fetch. setup.ts removes the stub after the test (Mock Service Worker,
 * server.ts, then answers again); new tests use server.ts.
 */
import { vi } from 'vitest';

/** One request the app sent, as the server would see it. */
interface RecordedRequest {
  method: string;
  /** Path and query, e.g. '/api/t/acme/cards?status=ACTIVE'. */
  path: string;
  headers: Headers;
  /** The JSON body parsed, the raw string when not JSON, undefined when none. */
  body: unknown;
}

/** How the pretend server answers one request: a Response, or a thrown error for a failed fetch. */
export type Reply = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON answer with `status` (and its statusText, e.g. 'Bad Request'). */
export function json(status: number, body: unknown, init: { statusText?: string; headers?: Record<string, string> } = {}): Reply {
  return () =>
    new Response(JSON.stringify(body), {
      status,
      statusText: init.statusText ?? STATUS_TEXT[status] ?? '',
      headers: { 'Content-Type': 'application/json', ...init.headers },
    });
}

/** A non-JSON answer (a proxy's HTML error page, a plain-text 500). */
export function text(status: number, body: string, statusText = STATUS_TEXT[status] ?? ''): Reply {
  return () => new Response(body, { status, statusText, headers: { 'Content-Type': 'text/html' } });
}

/** 204 No Content. */
export function noContent(): Reply {
  return () => new Response(null, { status: 204, statusText: 'No Content' });
}

/** A file answer: the bytes and headers such as Content-Type and Content-Disposition. */
export function file(content: string, headers: Record<string, string>): Reply {
  return () => new Response(content, { status: 200, statusText: 'OK', headers });
}

/** No answer at all (offline, DNS, connection reset): fetch rejects with a TypeError, as browsers do. */
export function networkError(): Reply {
  return () => {
    throw new TypeError('Failed to fetch');
  };
}

/** A reply held until the test calls `resolve` (to see the screen while a request is in flight). */
export function deferred(): { reply: Reply; resolve: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => {};
  const gate = new Promise<Reply>((r) => {
    release = r;
  });
  return { reply: async (request) => (await gate)(request), resolve: (reply) => release(reply) };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The pretend server of one test. */
export interface FetchStub {
  /** Every request sent, in order (answered or not). */
  readonly requests: RecordedRequest[];
  /**
   * Answers `method path` (path with its query, exact) with `replies`, one per request in
   * order; the last reply answers every later request too.
   */
  on(method: string, path: string, ...replies: Reply[]): FetchStub;
  /** The requests sent to `method path`, in order. */
  requestsTo(method: string, path: string): RecordedRequest[];
}

function parseBody(body: unknown): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Replaces `globalThis.fetch` with a fresh {@link FetchStub} (removed after the test by setup.ts). */
export function stubFetch(): FetchStub {
  const routes = new Map<string, { replies: Reply[]; used: number }>();
  const requests: RecordedRequest[] = [];
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
  // The install's configuration any page may ask, as server.ts answers it: no wallet passes.
  routes.set(key('GET', '/api/wallet'), { replies: [json(200, { apple: false, google: false })], used: 0 });

  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    // The typed client (api/client.ts) sends a Request; lib/api.ts a URL and its init.
    const sent = input instanceof Request ? input : null;
    const request: RecordedRequest = {
      method: (sent?.method ?? init.method ?? 'GET').toUpperCase(),
      path: `${url.pathname}${url.search}`,
      headers: new Headers(sent?.headers ?? init.headers),
      body: parseBody(sent ? (await sent.text()) || undefined : init.body),
    };
    requests.push(request);
    if ((sent?.signal ?? init.signal)?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const route = routes.get(key(request.method, request.path));
    if (!route) {
      console.error(`[fetch-stub] no reply for ${request.method} ${request.path}`);
      throw new TypeError('Failed to fetch');
    }
    const reply = route.replies[Math.min(route.used, route.replies.length - 1)];
    route.used += 1;
    return reply(request);
  };

  const stub: FetchStub = {
    requests,
    on(method, path, ...replies) {
      if (replies.length === 0) throw new Error('stubFetch().on needs at least one reply');
      routes.set(key(method, path), { replies, used: 0 });
      return stub;
    },
    requestsTo(method, path) {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
    },
  };
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  return stub;
}

/**
 * The pretend API of the web tests, with Mock Service Worker (msw/node): the real `lib/api.ts`
 * and `fetch` run, and only the server is pretended, at the network boundary.
 *
 *   server.use(http.post(api('/t/acme/transactions/earn'), () => HttpResponse.json(answer)));
 *   const sent = recordRequests();
 *   …
 *   expect(sent.to('POST', '/t/acme/transactions/earn')[0].headers.get('Idempotency-Key')).toBe(…);
 *
 * setup.ts starts the server for every web test file with `onUnhandledRequest: 'error'` (a
 * request no handler answers writes a console.error, which fails the test, see console.ts, and
 * the fetch rejects like a network failure), and removes the handlers and listeners of a test
 * after it. Answers are typed with `@loyalty/contract`'s types (`HttpResponse.json<T>(…)` or a
 * typed fixture), so a contract change breaks the fixture at compile time.
 */
import type { WalletAvailability } from '@loyalty/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export { http, HttpResponse };

/** The address of an API path as the app calls it: `api('/t/acme/cards')` → '/api/t/acme/cards'. */
export function api(path: string): string {
  return `/api${path}`;
}

/**
 * The one MSW server of the web tests (started, reset and closed by setup.ts). Its one lasting
 * answer is the install's configuration that every page may ask: GET /api/wallet says no wallet
 * passes are issued (no wallet buttons), unless a test says otherwise with `server.use`.
 */
export const server = setupServer(http.get(api('/wallet'), () => HttpResponse.json<WalletAvailability>({ apple: false, google: false })));

/** One request the app sent, as the server saw it. */
interface SentRequest {
  method: string;
  /** Path below `/api` without the query, e.g. '/t/acme/transactions'. */
  path: string;
  /** The query string parsed. */
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body parsed; the raw text when not JSON; undefined when none. */
  body: unknown;
}

/** The requests of one test, in the order they were sent (see {@link recordRequests}). */
export interface RequestLog {
  readonly all: SentRequest[];
  /** The requests sent to `method path` (path below `/api`, without the query). */
  to(method: string, path: string): SentRequest[];
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Records every request the app sends from now on (handled or not). The body is read from a
 * clone before any handler runs, so `all` is complete once the screen shows the answer.
 */
export function recordRequests(): RequestLog {
  const all: SentRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SentRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: request.headers,
      body: undefined,
    };
    all.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = parseBody(text);
      });
  });
  return {
    all,
    to: (method, path) => all.filter((r) => r.method === method.toUpperCase() && r.path === path),
  };
}

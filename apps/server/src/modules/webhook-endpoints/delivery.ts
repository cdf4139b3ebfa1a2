import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { AddressRefused, pinnedLookup, vetDestination, type ResolveHost, type VettedAddress } from './address-guard.ts';

/**
 * One HTTP attempt of one webhook delivery (docs/product.md 'API keys and webhooks'): the signed POST,
 * its outcome, nothing written. The worker (dispatch-webhooks.ts `dispatchWebhooks`) records the
 * outcome and decides on retries.
 */

/** How long one attempt may take, DNS, connection and answer included: 10 s (Standard Webhooks suggests a short timeout). */
const SEND_TIMEOUT_MS = 10_000;
/** Characters of the answer's body (or of the reason there was none) kept in the delivery log. */
const EXCERPT_CHARS = 500;
/** Bytes of the answer read at most: enough for EXCERPT_CHARS characters of UTF-8; the rest is not read. */
const READ_BYTES = 4 * EXCERPT_CHARS;
/** The User-Agent of every webhook request. */
export const WEBHOOK_USER_AGENT = 'LoyaltyCards-Webhooks/1.0';

/** What one attempt is: where, with which secret, and the event's id and JSON body (exactly the bytes signed and sent). */
export interface WebhookRequest {
  url: string;
  /** The endpoint's signing secret, `whsec_` + base64. */
  secret: string;
  /** The event's id: the `webhook-id` header (the same on every attempt). */
  eventId: string;
  /** The JSON body, as sent and signed. */
  body: string;
}

/**
 * The outcome of one attempt: `ok` for a 2xx answer; `status` the HTTP status (null when there
 * was no answer); `durationMs` from the start of the attempt (DNS included) to the end of the
 * read, null when the address was refused before any request; `excerpt` the first 500
 * characters of the body, or the reason there was none ('refused: private address 10.0.0.1',
 * 'timeout after 10 s', 'connection failed: …').
 */
export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number | null;
  excerpt: string | null;
}

/** Options of `sendWebhook`: the guard switch, the signing clock, the timeout (ms, default SEND_TIMEOUT_MS) and, in tests, the resolver. */
export interface SendOptions {
  allowPrivate: boolean;
  /** The wall clock, read at the moment of sending to sign the request. */
  clock: () => Date;
  timeoutMs?: number;
  resolve?: ResolveHost;
}

/**
 * The Standard Webhooks headers of `request` signed at `signedAt` (ADR 0020): `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature` ('v1,' + base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` under the secret; the standardwebhooks package), with
 * content-type application/json and WEBHOOK_USER_AGENT.
 */
function signedHeaders(request: WebhookRequest, signedAt: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': request.eventId,
    'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
    'webhook-signature': new Webhook(request.secret).sign(request.eventId, signedAt, request.body),
  };
}

/** 'timeout after 10 s' for 10000 ms (one decimal below a second: 'timeout after 0.2 s'). */
function timeoutText(ms: number): string {
  return `timeout after ${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * POSTs `request` once: checks the destination with the address guard (every
 * resolved address public unless `allowPrivate`), connects to the vetted address itself, sends
 * the signed JSON (headers of `signedHeaders`, signed with `opts.clock` at the moment of
 * sending: receivers refuse timestamps more than 5 minutes off theirs), and reads at most the
 * first 2,000 bytes of the answer. Success is a 2xx status; a redirect (3xx) is not followed
 * and counts as a failure. The whole attempt is cut after `timeoutMs` (default 10 s). Never
 * throws: every failure is an outcome with its reason in `excerpt`.
 */
export async function sendWebhook(request: WebhookRequest, opts: SendOptions): Promise<AttemptOutcome> {
  const timeoutMs = opts.timeoutMs ?? SEND_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, status: null, durationMs: null, excerpt: 'refused: not a valid URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, status: null, durationMs: null, excerpt: `refused: ${url.protocol} is not http(s)` };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let vetted: VettedAddress;
    try {
      vetted = await Promise.race([
        vetDestination(url.hostname, { allowPrivate: opts.allowPrivate, resolve: opts.resolve }),
        new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true })),
      ]);
    } catch (err) {
      if (err instanceof AddressRefused) return { ok: false, status: null, durationMs: null, excerpt: err.message.slice(0, EXCERPT_CHARS) };
      const reason = controller.signal.aborted ? timeoutText(timeoutMs) : `DNS lookup failed: ${(err as Error).message}`;
      return { ok: false, status: null, durationMs: elapsed(), excerpt: reason.slice(0, EXCERPT_CHARS) };
    }
    const answer = await post(url, request, opts.clock(), pinnedLookup(vetted), controller.signal);
    if ('error' in answer) {
      const excerpt = controller.signal.aborted ? timeoutText(timeoutMs) : `connection failed: ${answer.error}`;
      return { ok: false, status: null, durationMs: elapsed(), excerpt: excerpt.slice(0, EXCERPT_CHARS) };
    }
    const ok = answer.status >= 200 && answer.status < 300;
    let excerpt = answer.body.slice(0, EXCERPT_CHARS);
    if (answer.status >= 300 && answer.status < 400)
      excerpt = `redirect not followed${answer.location ? ` (to ${answer.location})` : ''}${excerpt ? `: ${excerpt}` : ''}`.slice(0, EXCERPT_CHARS);
    return { ok, status: answer.status, durationMs: elapsed(), excerpt: excerpt || null };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer of one POST (status, Location, the start of the body as text) or the error that ended it. */
type PostAnswer = { status: number; location: string | undefined; body: string } | { error: string };

/** POSTs the body signed at `signedAt` to `url` through `lookup` (the vetted address), aborted by `signal`; reads at most READ_BYTES of the answer. */
function post(url: URL, request: WebhookRequest, signedAt: Date, lookup: ReturnType<typeof pinnedLookup>, signal: AbortSignal): Promise<PostAnswer> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const headers = { ...signedHeaders(request, signedAt), 'content-length': String(Buffer.byteLength(request.body)) };
    const req = client.request(url, { method: 'POST', headers, lookup, signal, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_BYTES) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', (err) => resolve({ error: err.message || String(err) }));
    req.end(request.body);
  });
}

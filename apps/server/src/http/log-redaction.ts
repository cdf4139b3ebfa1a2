import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where a log goes: anything with `write(line)` (stdout by default; tests collect the lines). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * What the request and error logs must never hold (docs/security.md 'Logs'): the values of
 * query parameters that carry secrets (set-up, reset, invitation, unsubscribe and join links,
 * the card's QR token `t`), and the `Authorization` and `Cookie` headers. Logs are read by
 * more people and kept longer than the database, and a token in them works for whoever reads
 * it.
 */

/** What a redacted value is replaced by. */
const REDACTED = '[REDACTED]';

/** True for a query parameter whose value is a secret: `t`, or any name containing token, secret, key or code (any case). */
function isSecretParam(name: string): boolean {
  return name === 't' || /token|secret|key|code/i.test(name);
}

/** `name=value` pairs in a query string or in text quoting a URL: the name, then the value up to `&`, `#`, space or a quote. */
const QUERY_PAIR = /([?&])([^=&#\s?"']+)=([^&#\s"']*)/g;

/**
 * `text` (a request URL, or an error message quoting one) with the value of every secret query
 * parameter (`isSecretParam`, names compared after percent-decoding) replaced by REDACTED, on
 * any path. Other parameters are kept: they help to read the log.
 */
export function redactQuery(text: string): string {
  return text.replace(QUERY_PAIR, (pair, sep: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      /* a malformed escape: judge the name as written */
    }
    return isSecretParam(decoded) ? `${sep}${name}=${REDACTED}` : pair;
  });
}

/** Headers never written to a log, wherever an object carrying them is logged. */
const SECRET_HEADER_PATHS = ['authorization', 'cookie', '["set-cookie"]', '["x-api-key"]'].flatMap((h) => {
  const key = h.startsWith('[') ? h : `.${h}`;
  return [`req.headers${key}`, `headers${key}`, `res.headers${key}`, `request.headers${key}`, `*.headers${key}`];
});

/** The logged shape of a request: Fastify's default fields, with the URL's secret parameters redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logged shape of an error: pino's fields (type, message, stack, code, …), with quoted URLs' secret parameters redacted. */
function serializeError(err: FastifyError): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: err?.constructor?.name ?? 'Error',
    message: redactQuery(String(err?.message ?? err)),
    stack: redactQuery(String(err?.stack ?? '')),
  };
  if (err && typeof err === 'object') for (const [k, v] of Object.entries(err)) if (!(k in out)) out[k] = typeof v === 'string' ? redactQuery(v) : v;
  return out;
}

/**
 * The Fastify (pino) logger options of the app at `level` (LOG_LEVEL), writing to `stream`
 * (default stdout; tests pass a stream that collects the lines): the request serializer
 * redacts secret query values (`redactQuery`), the error serializer the same in messages and
 * stacks, and pino's `redact` censors the Authorization, Cookie and Set-Cookie headers of any
 * logged object. Source: docs/security.md 'Logs'.
 */
export function loggerOptions(level: string, stream?: LogDestination): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: SECRET_HEADER_PATHS, censor: REDACTED },
    ...(stream ? { stream } : {}),
  };
}

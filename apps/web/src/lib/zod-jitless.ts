import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that on the first
 * parse. The page's Content-Security-Policy forbids eval (`script-src 'self'`, set by the server),
 * so the probe fails and the browser reports a CSP violation on every page, though zod swallows
 * the error. Jitless mode skips the probe and parses without compiling; imported first by
 * main.tsx, before any schema runs.
 */
z.config({ jitless: true });

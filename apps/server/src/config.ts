import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { walletConfigOf, WalletEnvShape, type WalletConfig } from './config-wallet.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1/0, true/false or yes/no' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: bool.optional(),
  PUBLIC_URL: z.string().url('must be an absolute URL such as https://cards.example.com').max(1000, 'must be at most 1000 characters').optional(),
  QR_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_…, pk_live_…)')
    .optional(),
  STRIPE_API_URL: z.string().url('must be an absolute URL').optional(),
  PAYMENT_PROVIDER: z.enum(['stripe', 'demo'], { error: "must be 'stripe' or 'demo'" }).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(isTrustProxy, 'must be a hop count (0–10) or a comma-separated list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  PLATFORM_ADMIN_EMAIL: z.string().trim().toLowerCase().email('must be an e-mail address').optional(),
  PLATFORM_ADMIN_PASSWORD: z.string().min(1).max(200, 'must be at most 200 characters').optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(120_000).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(300_000).default(10_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)')
    .optional(),
  SMTP_FROM: z.string().trim().min(3).max(320).optional(),
  WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
  ...WalletEnvShape,
});

/** The names proxy-addr (Fastify's `trustProxy`) accepts for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: a hop count 0–10, or a list of addresses, CIDRs and range names. */
function isTrustProxy(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) <= 10;
  const parts = value.split(',').map((p) => p.trim());
  return parts.every((p) => {
    if (PROXY_RANGE_NAMES.has(p)) return true;
    const [addr, bits, ...rest] = p.split('/');
    if (rest.length || !addr || !isIP(addr)) return false;
    if (bits === undefined) return true;
    const max = isIP(addr) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  });
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY (docs/security.md): unset or 0 trusts no
 * proxy (request.ip is the socket's peer, so X-Forwarded-For cannot choose it); a list trusts
 * those proxies (proxy-addr, as Fastify compiles it); a hop count n trusts the n nearest hops
 * whoever they are, as Express does (Fastify 5 no longer honours a bare number, so it is
 * passed as the equivalent function): only for an app no client can reach but through them.
 */
type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return value.split(',').map((p) => p.trim());
}

/**
 * The server's configuration, parsed from environment variables at start-up
 * (README 'Configuration' lists each one).
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL URL; undefined means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /** Seed demo data into an empty database (default: on for PGlite outside production; never in production). */
  seedDemo: boolean;
  /** Public base URL printed into card QR codes (docs/product.md 'Cards'). */
  publicUrl: string;
  /** HMAC secret of QR tokens (docs/product.md 'Cards'). */
  qrTokenSecret: string;
  cookieSecure: boolean;
  logLevel: string;
  /**
   * Login and signup requests per minute per client address (a flood guard; wrong passwords
   * are throttled per account and address by the login throttle, ADR 0009).
   */
  loginRateLimit: number;
  /** Requests per minute per API key on /api/v1 (default 600): beyond it 429 with Retry-After. */
  apiRateLimit: number;
  dbPoolSize: number;
  /**
   * Stripe (docs/product.md 'Payments'): set when STRIPE_SECRET_KEY is; undefined runs the Demo
   * provider. webhookSecret verifies POST /api/webhooks/stripe; publishableKey reaches the
   * web's card form; apiUrl points the SDK at another host (tests: a local fake server).
   */
  stripe?: { secretKey: string; webhookSecret: string | undefined; publishableKey: string | undefined; apiUrl: string | undefined };
  /**
   * Which payment provider runs: 'stripe' (config.stripe is set) or 'demo' (no
   * money is taken). Production runs Demo only when PAYMENT_PROVIDER=demo says so.
   */
  paymentProvider: 'stripe' | 'demo';
  /** Fastify `trustProxy` from TRUST_PROXY: false (default), proxy addresses, or a hop-count function. */
  trustProxy: TrustProxy;
  /** REDIS_URL: rate-limit counters in Redis instead of PostgreSQL. */
  redisUrl: string | undefined;
  /**
   * The first platform admin of an install without one: from PLATFORM_ADMIN_EMAIL
   * and PLATFORM_ADMIN_PASSWORD, else a one-time /setup link is logged at start-up.
   */
  platformAdmin: { email: string; password: string } | undefined;
  /**
   * METRICS_TOKEN: GET /metrics asks for `Authorization: Bearer <token>`
   * when set; unset, /metrics is open outside production and off (404) in production.
   */
  metricsToken: string | undefined;
  /**
   * Outgoing e-mail: SMTP_URL (smtp:// or smtps://, with user and password) wins
   * over the operator's SMTP settings; SMTP_FROM the sender address with it ('Name
   * <address>' allowed; default the settings' from address, else no-reply at PUBLIC_URL's host).
   */
  smtp: { url: string | undefined; from: string | undefined };
  /**
   * Graceful shutdown, milliseconds: `drainMs` /readyz answers
   * 503 while the listener still serves (load balancers take the instance out; default 5000 in
   * production, 0 elsewhere), then the listener closes and in-flight requests get up to `graceMs`
   * (default 10000) to finish before the rest are cut.
   */
  shutdown: { drainMs: number; graceMs: number };
  /**
   * WEBHOOKS_ALLOW_PRIVATE (docs/product.md 'API keys and webhooks'): lets webhook endpoints be localhost
   * or private, loopback and link-local addresses (the SSRF guard of
   * modules/webhook-endpoints/address-guard.ts is lifted) for tests and development; production
   * refuses to start with it. Default false.
   */
  webhooksAllowPrivate: boolean;
  /** Wallet passes (docs/product.md 'Wallet passes'): see `WalletConfig` (config-wallet.ts). */
  wallet: WalletConfig;
  /** Start-up warnings to print (e.g. the published development QR secret in use). */
  warnings: string[];
}

/** Thrown by `loadConfig` with one line per bad variable. */
export class ConfigError extends Error {}

/** The published development QR secret: signs tokens only outside production, with a warning. */
export const DEV_QR_SECRET = 'development-only-qr-secret-change-me-in-production';

/**
 * Parses and validates the environment. Throws ConfigError listing every bad variable.
 * Production (docs/security.md, ADR 0010) refuses to start without QR_TOKEN_SECRET (or with
 * the published DEV_QR_SECRET; under 32 characters is refused everywhere) and PUBLIC_URL,
 * with SEED_DEMO=1 or WEBHOOKS_ALLOW_PRIVATE=1 (ADR 0020), or without Stripe keys
 * unless PAYMENT_PROVIDER=demo is explicit; PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD
 * come as a pair; WALLET_APPLE_* come together and must hold a sound, unexpired certificate at
 * `now` (default the current time), WALLET_GOOGLE_* a service-account key (config-wallet.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const missing: string[] = [];
  if (production && !e.QR_TOKEN_SECRET) missing.push('  QR_TOKEN_SECRET: required in production');
  // The development value is in this repository: anyone could sign QR tokens with it (ADR 0010).
  if (production && e.QR_TOKEN_SECRET === DEV_QR_SECRET) {
    missing.push(
      '  QR_TOKEN_SECRET: this is the published development secret, so anyone could forge card QR tokens; set at least 32 random characters of your own',
    );
  }
  if (production && !e.PUBLIC_URL) missing.push('  PUBLIC_URL: required in production');
  if (production && e.SEED_DEMO) missing.push('  SEED_DEMO: demo data (accounts with published passwords) is never seeded in production; unset it');
  if (production && e.WEBHOOKS_ALLOW_PRIVATE) {
    missing.push(
      '  WEBHOOKS_ALLOW_PRIVATE: lets webhooks reach private, loopback and link-local addresses (tests and development only); never in production, unset it',
    );
  }
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : production ? undefined : 'demo');
  if (!provider) {
    missing.push(
      '  PAYMENT_PROVIDER: production without STRIPE_SECRET_KEY takes no money; set STRIPE_SECRET_KEY, or PAYMENT_PROVIDER=demo to run the Demo provider on purpose',
    );
  }
  if (provider === 'stripe' && !e.STRIPE_SECRET_KEY) missing.push('  STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
  if (provider === 'stripe' && production && !e.STRIPE_WEBHOOK_SECRET)
    missing.push('  STRIPE_WEBHOOK_SECRET: required in production when STRIPE_SECRET_KEY is set');
  if (!!e.PLATFORM_ADMIN_EMAIL !== !!e.PLATFORM_ADMIN_PASSWORD) {
    missing.push(
      `  ${e.PLATFORM_ADMIN_EMAIL ? 'PLATFORM_ADMIN_PASSWORD' : 'PLATFORM_ADMIN_EMAIL'}: set PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD together`,
    );
  }
  const wallet = walletConfigOf(e, production, now, missing);
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  const warnings: string[] = [];
  if (!e.QR_TOKEN_SECRET) {
    warnings.push(
      'QR_TOKEN_SECRET is not set: card QR tokens are signed with the published development secret, so anyone can forge them. Set QR_TOKEN_SECRET (at least 32 random characters) before printing cards.',
    );
  }
  if (provider === 'demo' && production) {
    warnings.push('PAYMENT_PROVIDER=demo: the Demo payment provider runs in production. No money is taken, and demo-paid card orders cannot be fulfilled.');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && !production),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    qrTokenSecret: e.QR_TOKEN_SECRET ?? DEV_QR_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? production,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    dbPoolSize: e.DB_POOL_SIZE,
    stripe:
      provider === 'stripe' && e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, publishableKey: e.STRIPE_PUBLISHABLE_KEY, apiUrl: e.STRIPE_API_URL }
        : undefined,
    paymentProvider: provider ?? 'demo',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    platformAdmin: e.PLATFORM_ADMIN_EMAIL && e.PLATFORM_ADMIN_PASSWORD ? { email: e.PLATFORM_ADMIN_EMAIL, password: e.PLATFORM_ADMIN_PASSWORD } : undefined,
    metricsToken: e.METRICS_TOKEN,
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS ?? (production ? 5000 : 0), graceMs: e.SHUTDOWN_GRACE_MS },
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? false,
    wallet,
    warnings,
  };
}

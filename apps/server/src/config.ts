import path from 'node:path';
import { z } from 'zod';

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
  PUBLIC_URL: z.string().url('must be an absolute URL such as https://cards.example.com').optional(),
  QR_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_…, pk_live_…)').optional(),
  STRIPE_API_URL: z.string().url('must be an absolute URL').optional(),
});

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
  /** Seed demo data into an empty database (default: on for PGlite, off for PostgreSQL). */
  seedDemo: boolean;
  /** Public base URL printed into card QR codes (decisions.md 'Cards'). */
  publicUrl: string;
  /** HMAC secret of QR tokens (decisions.md 'Cards'). */
  qrTokenSecret: string;
  cookieSecure: boolean;
  logLevel: string;
  /** Login attempts allowed per minute per e-mail (per IP: three times as many). */
  loginRateLimit: number;
  dbPoolSize: number;
  /**
   * Stripe (decisions.md 'Payments'): set when STRIPE_SECRET_KEY is; undefined runs the Demo
   * provider. webhookSecret verifies POST /api/webhooks/stripe; publishableKey reaches the
   * web's card form; apiUrl points the SDK at another host (tests: a local fake server).
   */
  stripe?: { secretKey: string; webhookSecret: string | undefined; publishableKey: string | undefined; apiUrl: string | undefined };
}

/** Thrown by `loadConfig` with one line per bad variable. */
export class ConfigError extends Error {}

const DEV_QR_SECRET = 'development-only-qr-secret-change-me-in-production';

/**
 * Parses and validates the environment. Throws ConfigError listing every bad variable;
 * in production QR_TOKEN_SECRET and PUBLIC_URL are required.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const missing: string[] = [];
  if (production && !e.QR_TOKEN_SECRET) missing.push('  QR_TOKEN_SECRET: required in production');
  if (production && !e.PUBLIC_URL) missing.push('  PUBLIC_URL: required in production');
  if (e.STRIPE_SECRET_KEY && production && !e.STRIPE_WEBHOOK_SECRET) missing.push('  STRIPE_WEBHOOK_SECRET: required in production when STRIPE_SECRET_KEY is set');
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    qrTokenSecret: e.QR_TOKEN_SECRET ?? DEV_QR_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? production,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    dbPoolSize: e.DB_POOL_SIZE,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, publishableKey: e.STRIPE_PUBLISHABLE_KEY, apiUrl: e.STRIPE_API_URL }
      : undefined,
  };
}

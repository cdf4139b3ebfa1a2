import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_QR_SECRET, loadConfig } from './config.ts';
import { paymentProvider } from './payments/index.ts';

/**
 * loadConfig (README 'Configuration'): what each environment starts with, and what
 * it refuses to start with.
 */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://cards.example.com', QR_TOKEN_SECRET: 'x'.repeat(40) } as const;
const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' } as const;

/** The ConfigError loadConfig throws for `env` (fails the test when it loads). */
function refusal(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('PAYMENT_PROVIDER', () => {
  it('production without Stripe keys and without PAYMENT_PROVIDER refuses to start, naming PAYMENT_PROVIDER', () => {
    const error = refusal({ ...PRODUCTION });
    expect(error.message).toMatch(/^ {2}PAYMENT_PROVIDER: production without STRIPE_SECRET_KEY takes no money/m);
  });

  it('production with PAYMENT_PROVIDER=demo starts the Demo provider, with a start-up warning', async () => {
    const config = loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'demo' });
    expect(config.env).toBe('production');
    expect(config.paymentProvider).toBe('demo');
    expect(config.stripe).toBeUndefined();
    expect(config.warnings.some((w) => w.startsWith('PAYMENT_PROVIDER=demo: the Demo payment provider runs in production'))).toBe(true);
    expect((await paymentProvider(config)).kind).toBe('demo');
  });

  it('PAYMENT_PROVIDER=stripe without STRIPE_SECRET_KEY refuses to start, in development as in production', () => {
    for (const env of [
      { NODE_ENV: 'development', PAYMENT_PROVIDER: 'stripe' },
      { ...PRODUCTION, PAYMENT_PROVIDER: 'stripe' },
    ]) {
      expect(refusal(env).message).toContain('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
    }
  });

  it('development and test default to the Demo provider, without a warning about it', async () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(config.paymentProvider).toBe('demo');
      expect(config.stripe).toBeUndefined();
      expect(config.warnings.some((w) => w.includes('PAYMENT_PROVIDER'))).toBe(false);
      expect((await paymentProvider(config)).kind).toBe('demo');
    }
    expect(loadConfig({}).paymentProvider).toBe('demo');
  });

  it('a Stripe secret key chooses Stripe, in development and in production', async () => {
    const dev = loadConfig({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_abc123' });
    expect(dev.paymentProvider).toBe('stripe');
    expect(dev.stripe).toMatchObject({ secretKey: 'sk_test_abc123' });
    expect((await paymentProvider(dev)).kind).toBe('stripe');
    const prod = loadConfig({ ...PRODUCTION, ...STRIPE });
    expect(prod.paymentProvider).toBe('stripe');
    expect(prod.stripe).toEqual({ secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc123', publishableKey: 'pk_live_abc123', apiUrl: undefined });
    expect(prod.warnings.some((w) => w.includes('PAYMENT_PROVIDER'))).toBe(false);
  });

  it('an explicit PAYMENT_PROVIDER=demo wins over Stripe keys: no Stripe adapter, no Stripe config', async () => {
    const config = loadConfig({ ...PRODUCTION, ...STRIPE, PAYMENT_PROVIDER: 'demo' });
    expect(config.paymentProvider).toBe('demo');
    expect(config.stripe).toBeUndefined();
    expect((await paymentProvider(config)).kind).toBe('demo');
  });

  it('an unknown PAYMENT_PROVIDER refuses to start, naming the variable', () => {
    expect(refusal({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'paypal' }).message).toContain("PAYMENT_PROVIDER: must be 'stripe' or 'demo'");
  });
});

describe("WEBHOOKS_ALLOW_PRIVATE (docs/product.md 'API keys and webhooks')", () => {
  it('is off by default and on with 1, outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ...STRIPE }).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE: '1' }).webhooksAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: '0' }).webhooksAllowPrivate).toBe(false);
  });

  it('production refuses to start with it, naming the variable', () => {
    expect(refusal({ ...PRODUCTION, ...STRIPE, WEBHOOKS_ALLOW_PRIVATE: '1' }).message).toMatch(/^ {2}WEBHOOKS_ALLOW_PRIVATE: .*never in production/m);
  });

  it('a value that is not a switch refuses to start', () => {
    expect(refusal({ NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE: 'maybe' }).message).toContain(
      'WEBHOOKS_ALLOW_PRIVATE: must be 1/0, true/false or yes/no',
    );
  });
});

describe('QR_TOKEN_SECRET (ADR 0010: production refuses what is published)', () => {
  it('production refuses the published development secret, naming the variable', () => {
    expect(refusal({ ...PRODUCTION, ...STRIPE, QR_TOKEN_SECRET: DEV_QR_SECRET }).message).toMatch(
      /^ {2}QR_TOKEN_SECRET: this is the published development secret/m,
    );
  });

  it('refuses a value under 32 characters, in production as elsewhere', () => {
    for (const env of [
      { ...PRODUCTION, ...STRIPE, QR_TOKEN_SECRET: 'q'.repeat(31) },
      { NODE_ENV: 'development', QR_TOKEN_SECRET: 'q'.repeat(31) },
    ]) {
      expect(refusal(env).message).toMatch(/^ {2}QR_TOKEN_SECRET: must be at least 32 characters/m);
    }
  });

  it('production accepts a secret of its own; development uses the published one with a warning', () => {
    expect(loadConfig({ ...PRODUCTION, ...STRIPE, QR_TOKEN_SECRET: 'q'.repeat(32) }).qrTokenSecret).toBe('q'.repeat(32));
    const dev = loadConfig({ NODE_ENV: 'development' });
    expect(dev.qrTokenSecret).toBe(DEV_QR_SECRET);
    expect(dev.warnings.some((w) => w.startsWith('QR_TOKEN_SECRET is not set'))).toBe(true);
  });
});

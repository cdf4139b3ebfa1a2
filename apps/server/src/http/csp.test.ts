import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

/**
 * The Content-Security-Policy lets Stripe Elements load only when Stripe is configured
 * (the Demo provider loads nothing from outside; Stripe's card form needs its script,
 * frames and API).
 */
const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

async function csp(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
  return String(res.headers['content-security-policy']);
}

describe('Content-Security-Policy', () => {
  it('Demo provider: scripts and connections only from our own origin', async () => {
    const policy = await csp();
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toContain('stripe.com');
  });

  it('Stripe configured: js.stripe.com scripts and frames, api.stripe.com connections', async () => {
    const policy = await csp({ STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_PUBLISHABLE_KEY: 'pk_test_csp', STRIPE_WEBHOOK_SECRET: 'whsec_csp' });
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });
});

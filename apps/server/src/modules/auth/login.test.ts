import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVALID_CREDENTIALS } from '@loyalty/contract';
import { platformSettings, sessions } from '../../db/schema/index.ts';
import { systemContext } from '../../context.ts';
import { AppError, RateLimitedError } from '../../errors.ts';
import { PgCounterStore } from '../../http/counters.ts';
import { hashToken } from '../../lib/tokens.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { loginWithPassword } from './login.ts';

/**
 * The sign-in as a use case (ADR 0029): called with plain values, no request or reply; it
 * returns the tokens the route puts in cookies and throws errors with codes.
 */

const CASHIER = { email: 'cashier@demo.com', password: 'DemoCashier123!' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const at = new Date('2026-11-23T09:00:00Z');

describe('loginWithPassword', () => {
  it('signs in with plain values: a session token the sessions table knows (as its hash) and a device token', async () => {
    const outcome = await loginWithPassword(
      ctx.db,
      new PgCounterStore(ctx.db),
      { ...CASHIER, clientAddress: '198.51.100.1', deviceToken: undefined },
      systemContext(at),
    );
    if (outcome.twoFactorRequired) throw new Error('the demo cashier has no two-factor');
    expect(outcome.response.user.email).toBe(CASHIER.email);
    expect(outcome.deviceToken).toMatch(/^[\w-]{43}$/);
    expect(outcome.deviceTtlSeconds).toBe(180 * 24 * 3600);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(outcome.session.token)));
    expect(row?.ttlSeconds).toBe(outcome.session.ttlSeconds);
  });

  it('refuses a wrong password with UNAUTHENTICATED and no HTTP status, and throttles with RATE_LIMITED and the seconds to wait', async () => {
    const value = await getPlatformSettings(ctx.db);
    await ctx.db
      .update(platformSettings)
      .set({ value: { ...value, security: { ...value.security, maxLoginAttempts: 2 } } })
      .where(eq(platformSettings.id, 1));
    const counters = new PgCounterStore(ctx.db);
    const wrong = () =>
      loginWithPassword(
        ctx.db,
        counters,
        { email: CASHIER.email, password: 'wrong-password', clientAddress: '198.51.100.2', deviceToken: undefined },
        systemContext(at),
      );
    for (let i = 0; i < 2; i++) {
      const err = await wrong().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'UNAUTHENTICATED', message: INVALID_CREDENTIALS });
      expect(err).not.toHaveProperty('status');
    }
    const held = await wrong().catch((e: unknown) => e);
    expect(held).toBeInstanceOf(RateLimitedError);
    expect(held).toMatchObject({ code: 'RATE_LIMITED' });
    expect((held as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cards } from '../../db/schema/index.ts';
import { balanceAndLedger, createOtherTenant, createTestContext, idempotencyKey, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * Money under concurrency (ADR 0004). On
 * PostgreSQL (CI's second pass) these are real parallel transactions on a pool of 30
 * connections; on PGlite they are serialised by the single connection.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('parallel movements on one card', () => {
  it('50 parallel redeems of $1.00 on $20.00: exactly 20 succeed, 30 get 422, balance 0, ledger sums to it', async () => {
    const other = await createOtherTenant(ctx.db, 2000);
    const cookie = await loginAs(ctx.app, other.email, other.password);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/t/${other.tenant.slug}/transactions/redeem`,
          payload: { cardUid: other.cardUid, amountCents: 100 },
          headers: { cookie, ...idempotencyKey() },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 422)).toHaveLength(30);
    const balances = results
      .filter((r) => r.statusCode === 200)
      .map((r) => json(r).newBalance)
      .sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 20 }, (_, i) => i * 100));
    const final = await balanceAndLedger(ctx.db, other.cardUid);
    expect(final.balance).toBe(0);
    expect(final.ledgerSum).toBe(0);
    expect(final.rows).toBe(21);
  });

  it('20 parallel retries of one earn with the same Idempotency-Key move money once', async () => {
    const other = await createOtherTenant(ctx.db, 0);
    const cookie = await loginAs(ctx.app, other.email, other.password);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/t/${other.tenant.slug}/transactions/earn`,
          payload: { cardUid: other.cardUid, amountCents: 10_000 },
          headers: { cookie, 'idempotency-key': key },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const bodies = new Set(results.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(json(results[0])).toMatchObject({ cashbackEarned: 200, newBalance: 200 });
    const final = await balanceAndLedger(ctx.db, other.cardUid);
    expect(final.balance).toBe(200);
    expect(final.rows).toBe(2);
    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, other.cardUid));
    expect(card.balanceCents).toBe(final.ledgerSum);
  });

  it('20 parallel retries of one redeem with the same Idempotency-Key move money once, and the key stays bound to that answer', async () => {
    const other = await createOtherTenant(ctx.db, 2000);
    const cookie = await loginAs(ctx.app, other.email, other.password);
    const key = randomUUID();
    const redeem = (amountCents: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/t/${other.tenant.slug}/transactions/redeem`,
        payload: { cardUid: other.cardUid, amountCents },
        headers: { cookie, 'idempotency-key': key },
      });
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(300)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(json(results[0])).toMatchObject({ newBalance: 1700, amountRedeemed: 300 });
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const reused = await redeem(100);
    expect(reused.statusCode).toBe(409);
    const final = await balanceAndLedger(ctx.db, other.cardUid);
    expect(final.balance).toBe(1700);
    expect(final.ledgerSum).toBe(1700);
    expect(final.rows).toBe(2);
  });

  it('parallel earns and redeems on one card never overdraw and keep the ledger equal to the balance', async () => {
    const other = await createOtherTenant(ctx.db, 300);
    const cookie = await loginAs(ctx.app, other.email, other.password);
    const calls = Array.from({ length: 40 }, (_, i) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/t/${other.tenant.slug}/transactions/${i % 2 ? 'redeem' : 'earn'}`,
        payload: i % 2 ? { cardUid: other.cardUid, amountCents: 150 } : { cardUid: other.cardUid, amountCents: 5000 },
        headers: { cookie, ...idempotencyKey() },
      }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const final = await balanceAndLedger(ctx.db, other.cardUid);
    expect(final.balance).toBeGreaterThanOrEqual(0);
    expect(final.ledgerSum).toBe(final.balance);
  });
});

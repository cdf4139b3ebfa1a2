import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Tier } from '@loyalty/contract';
import { evaluateTier, type TierRuleInput } from '@loyalty/domain';
import { customers } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createOtherTenant, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { retierCustomers, tierCaseSql } from './recalculate-tiers.ts';

/**
 * The tier ladder in SQL (`tierCaseSql`: the re-tier of every customer when the rules change,
 * ADR 0007) against domain `evaluateTier` (what the earn stores, ADR 0003), property-based on
 * the test database (PGlite in `npm test`, PostgreSQL with DATABASE_URL): random ladders
 * (missing, doubled, switched-off, equal and unordered thresholds) and spends on, next to and
 * between the thresholds.
 */
let ctx: TestContext;
let tenantId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  tenantId = (await createOtherTenant(ctx.db)).tenant.id;
});
afterAll(() => ctx.close());

const TIERS: readonly Tier[] = ['SILVER', 'GOLD', 'PLATINUM'];
/** The most a tier threshold takes (the column is an integer), and a spend well past it. */
const MAX_THRESHOLD = 2_147_483_647;

const threshold = fc.oneof(fc.constantFrom(0, 1, 50_000, 200_000), fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: MAX_THRESHOLD }));
const rule = fc.record({
  tier: fc.constantFrom(...TIERS),
  minTotalSpendCents: threshold,
  baseRateBps: fc.integer({ min: 0, max: 2000 }),
  isActive: fc.boolean(),
});
/** A ladder as the rules module may hand it over: 0–5 rules in any order (the API refuses some of these; the function must not care). */
const ladder: fc.Arbitrary<TierRuleInput[]> = fc.array(rule, { maxLength: 5 });

/** Spends for a ladder: every threshold, one cent either side, zero, and random ones. */
function spendsFor(rules: readonly TierRuleInput[], extra: readonly number[]): number[] {
  const around = rules.flatMap((r) => [r.minTotalSpendCents - 1, r.minTotalSpendCents, r.minTotalSpendCents + 1]);
  return [...new Set([0, ...around, ...extra])].filter((s) => s >= 0);
}
const extraSpends = fc.array(fc.oneof(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 2 * MAX_THRESHOLD })), { maxLength: 8 });

describe('tierCaseSql agrees with evaluateTier', () => {
  it('the CASE over random spends, for random ladders', async () => {
    await fc.assert(
      fc.asyncProperty(ladder, extraSpends, async (rules, extra) => {
        const spends = spendsFor(rules, extra);
        const values = sql.join(
          spends.map((s, i) => sql`(${i}::int, ${s}::bigint)`),
          sql`, `,
        );
        const rows = rowsOf<{ i: number; tier: Tier }>(
          await ctx.db.execute(sql`select s.i, ${tierCaseSql(rules, sql`s.spend`)} as tier from (values ${values}) as s(i, spend) order by s.i`),
        );
        expect(
          rows.map((r) => r.tier),
          JSON.stringify({ rules, spends }),
        ).toEqual(spends.map((s) => evaluateTier(s, rules)));
      }),
      { numRuns: 200 },
    );
  });

  it("the re-tier UPDATE of a tenant's customers (changed count and every tier)", async () => {
    await fc.assert(
      fc.asyncProperty(ladder, extraSpends, fc.array(fc.constantFrom(...TIERS), { minLength: 1, maxLength: 3 }), async (rules, extra, held) => {
        await ctx.db.delete(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.lastName, 'Ladder')));
        const spends = spendsFor(rules, extra);
        await ctx.db
          .insert(customers)
          .values(spends.map((totalSpendCents, i) => ({ tenantId, firstName: `C${i}`, lastName: 'Ladder', totalSpendCents, tier: held[i % held.length] })));
        // The tenant's own card holder is re-tiered too.
        const before = await ctx.db.select({ spend: customers.totalSpendCents, tier: customers.tier }).from(customers).where(eq(customers.tenantId, tenantId));
        const expectedChanges = before.filter((c) => c.tier !== evaluateTier(c.spend, rules)).length;
        expect(await retierCustomers(ctx.db, tenantId, rules)).toBe(expectedChanges);
        const after = await ctx.db.select({ spend: customers.totalSpendCents, tier: customers.tier }).from(customers).where(eq(customers.tenantId, tenantId));
        for (const c of after) expect(c.tier, JSON.stringify({ rules, spend: c.spend })).toBe(evaluateTier(c.spend, rules));
      }),
      { numRuns: 40 },
    );
  });
});

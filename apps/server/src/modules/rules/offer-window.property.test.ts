import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { isOfferRunning } from '@loyalty/domain';
import { offers } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createOtherTenant, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { offerRunningSql, programmeColumnsSql, runningOffersSql, toProgramme, type ProgrammeColumns } from './service.ts';

/**
 * The offer window in SQL (`offerRunningSql`, used by the till's programme and the dashboard's
 * count) against domain `isOfferRunning` (ADR 0030), property-based on the test database
 * (PGlite in `npm test`, PostgreSQL with DATABASE_URL): random windows around a random instant,
 * most of their ends within a few milliseconds of it, so the boundaries come up in every run.
 */
let ctx: TestContext;
let tenantId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  tenantId = (await createOtherTenant(ctx.db)).tenant.id;
});
afterAll(() => ctx.close());

const YEAR = 365 * 86_400_000;
/** An offset from the instant in ms: mostly at or next to it, sometimes far. */
const offset = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -2, max: 2 }) },
  { weight: 1, arbitrary: fc.integer({ min: -YEAR, max: YEAR }) },
);
/** An offer as stored: a window start ≤ end (the API refuses the other order) and its switch. */
const offer = fc.record({ start: offset, length: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: YEAR })), isActive: fc.boolean() });

describe('offerRunningSql agrees with isOfferRunning', () => {
  it('on random windows at their exact ends and around them (count, programme and the expression itself)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }),
        fc.array(offer, { minLength: 1, maxLength: 6 }),
        async (t, drawn) => {
          const now = new Date(t);
          const at = now.toISOString();
          const windows = drawn.map((o) => ({ startAt: new Date(t + o.start), endAt: new Date(t + o.start + o.length), isActive: o.isActive }));
          await ctx.db.delete(offers).where(eq(offers.tenantId, tenantId));
          const stored = await ctx.db
            .insert(offers)
            .values(windows.map((w, i) => ({ tenantId, name: `W${i}`, rateMultiplierBps: 100 + i, ...w })))
            .returning({ id: offers.id, startAt: offers.startAt, endAt: offers.endAt, isActive: offers.isActive });
          const expected = stored.filter((o) => isOfferRunning(o, now)).map((o) => o.id).sort();

          const running = await ctx.db.select({ id: offers.id }).from(offers).where(and(eq(offers.tenantId, tenantId), offerRunningSql(at)));
          expect(running.map((o) => o.id).sort(), JSON.stringify({ at, windows })).toEqual(expected);

          const [count] = rowsOf<{ n: string | number }>(await ctx.db.execute(sql`select ${runningOffersSql(tenantId, at)} as n`));
          expect(Number(count.n)).toBe(expected.length);

          const [row] = rowsOf<ProgrammeColumns>(await ctx.db.execute(sql`select ${programmeColumnsSql(tenantId, at)}`));
          expect(toProgramme(row).offers.map((o) => o.rateMultiplierBps).sort()).toEqual(stored.filter((o) => isOfferRunning(o, now)).map((o) => 100 + stored.indexOf(o)).sort());
        },
      ),
      { numRuns: 150 },
    );
  });
});

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { isOfferRunning } from '@loyalty/domain';
import { offers } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createOtherTenant, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { countOffers, offerRunningSql } from './offers.ts';
import { toProgramme, type ProgrammeColumns } from './programme.ts';

/**
 * The offer window in SQL against domain `isOfferRunning` (ADR 0030), property-based on the test
 * database (PGlite in `npm test`, PostgreSQL with DATABASE_URL): random windows around a random
 * instant, most of their ends within a few milliseconds of it, so the boundaries come up in
 * every run. Two spellings are checked: `offerRunningSql` (the dashboard's count) and the copy
 * inside the ledger's database function `ledger_earn_open` (migration 0028), which reads the
 * till's programme in the database, so neither can drift from the domain.
 */
let ctx: TestContext;
let tenantId: string;
let cardUid: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({
    tenant: { id: tenantId },
    cardUid,
  } = await createOtherTenant(ctx.db));
});
afterAll(() => ctx.close());

/** Thrown to roll the probe's transaction back: the earn's opening claims a key and locks the card. */
class RollBack extends Error {}

/**
 * The offers the till's earn at `at` reads: what `ledger_earn_open` returns for the tenant's
 * ACTIVE card, as the earn turns it into its programme (`toProgramme`), with the transaction
 * rolled back so that nothing stays written (no Idempotency-Key, no lock).
 */
async function tillOffersAt(at: string): Promise<ReturnType<typeof toProgramme>['offers']> {
  let offersRead: ReturnType<typeof toProgramme>['offers'] = [];
  await ctx.db
    .transaction(async (tx) => {
      const [{ r }] = rowsOf<{ r: ProgrammeColumns & { card: unknown } }>(
        await tx.execute(
          sql`select ledger_earn_open(${tenantId}::uuid, ${randomUUID()}::text, 'probe'::text, ${cardUid}::text, null::uuid, ${at}::timestamptz) as r`,
        ),
      );
      expect(r.card, 'the probe card is ACTIVE with a holder').toBeTruthy();
      offersRead = toProgramme({ cashback: r.cashback, tiers: r.tiers, offers: r.offers }).offers;
      throw new RollBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RollBack)) throw e;
    });
  return offersRead;
}

const YEAR = 365 * 86_400_000;
/** An offset from the instant in ms: mostly at or next to it, sometimes far. */
const offset = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -2, max: 2 }) }, { weight: 1, arbitrary: fc.integer({ min: -YEAR, max: YEAR }) });
/** An offer as stored: a window start ≤ end (the API refuses the other order) and its switch. */
const offer = fc.record({
  start: offset,
  length: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: YEAR })),
  isActive: fc.boolean(),
});

describe('offerRunningSql and ledger_earn_open agree with isOfferRunning', () => {
  it("on random windows at their exact ends and around them (count, the till's programme in ledger_earn_open and the expression itself)", async () => {
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
          const expected = stored
            .filter((o) => isOfferRunning(o, now))
            .map((o) => o.id)
            .sort();

          const running = await ctx.db
            .select({ id: offers.id })
            .from(offers)
            .where(and(eq(offers.tenantId, tenantId), offerRunningSql(at)));
          expect(running.map((o) => o.id).sort(), JSON.stringify({ at, windows })).toEqual(expected);

          const { running: count } = await countOffers(ctx.db, tenantId, now, []);
          expect(count).toBe(expected.length);

          const till = await tillOffersAt(at);
          expect(till.map((o) => o.rateMultiplierBps).sort(), JSON.stringify({ at, windows })).toEqual(
            stored
              .filter((o) => isOfferRunning(o, now))
              .map((o) => 100 + stored.indexOf(o))
              .sort(),
          );
          expect(
            till.every((o) => isOfferRunning(o, now)),
            'every offer the till reads is running by the domain',
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { cards, cashbackLots, expiryRules, offers, transactions } from '../../db/schema/index.ts';
import { balanceAndLedger, createTestContext, freshTenant, json, offSummaries, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { creditBirthdayBonus } from './bonus.ts';
import { expireDueLots } from './lots.ts';

/**
 * Property-based (fast-check): random sequences of earns, redemptions,
 * refunds, voids, owner adjustments, bonuses (the rewards' BONUS credits) and expiry runs moving days ahead, through the API on one
 * card, with the expiry rule changing between credits. After every step: the balance never goes negative, it equals the sum of the ledger's
 * deltas and of the open lots; and a reference model of oldest-first lots predicts every
 * EXPIRE exactly, so expiry never takes cashback that was spent.
 */

const DAY = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

type Step =
  | { kind: 'earn'; amountCents: number }
  | { kind: 'redeem'; amountCents: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'void'; pick: number }
  | { kind: 'adjust'; deltaCents: number }
  | { kind: 'expire'; days: number }
  | { kind: 'rule'; days: number }
  | { kind: 'bonus'; amountCents: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('earn' as const), amountCents: fc.integer({ min: 100, max: 50_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('redeem' as const), amountCents: fc.integer({ min: 1, max: 600 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), deltaCents: fc.integer({ min: -1_500, max: 1_500 }).filter((d) => d !== 0) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expire' as const), days: fc.integer({ min: 0, max: 45 }) }) },
  // A changed rule gives later credits another expiry, so lots are not due in credit order.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rule' as const), days: fc.integer({ min: 30, max: 120 }) }) },
  // A reward (docs/product.md 'Rewards'): a BONUS credit opening a lot like any credit.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('bonus' as const), amountCents: fc.integer({ min: 1, max: 2_000 }) }) },
);

/** The reference model: the card's lots in credit order, each with what is left and when it expires (ms; null = never). */
interface ModelLot {
  remaining: number;
  expiresAt: number | null;
}

/** Takes `cents` off the oldest model lots first. */
function consume(lots: ModelLot[], cents: number) {
  for (const lot of lots) {
    const take = Math.min(lot.remaining, cents);
    lot.remaining -= take;
    cents -= take;
    if (cents === 0) break;
  }
}

/** The expiry of the lot the ledger row `transactionId` opened (read back: the server computes it from the rule and zone). */
async function lotOf(t: FreshTenant, transactionId: string): Promise<ModelLot | null> {
  const [lot] = await ctx.db
    .select()
    .from(cashbackLots)
    .where(and(eq(cashbackLots.tenantId, t.tenant.id), eq(cashbackLots.sourceTransactionId, transactionId)));
  return lot ? { remaining: lot.amountCents, expiresAt: lot.expiresAt?.getTime() ?? null } : null;
}

describe('ledger properties (fast-check)', () => {
  it('balance ≥ 0, balance = Σ ledger deltas = Σ open lots, and expiry takes exactly the unspent part of due lots', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 16 }), async (steps) => {
        const t = await freshTenant(ctx, { balanceCents: 0, idempotencyKeys: true });
        await ctx.db.insert(expiryRules).values({ tenantId: t.tenant.id, policy: 'AFTER_EARN', days: 30 });
        const lots: ModelLot[] = [];
        const earns: string[] = [];
        const redeems: string[] = [];
        let clockDays = 0;
        let bonusYear = 0;
        for (const s of steps) {
          if (s.kind === 'earn') {
            const r = json(await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: s.amountCents }));
            earns.push(r.transactionId);
            const lot = await lotOf(t, r.transactionId);
            if (lot) lots.push(lot);
          } else if (s.kind === 'redeem') {
            const res = await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: s.amountCents });
            if (res.statusCode === 200) {
              redeems.push(json(res).transactionId);
              consume(lots, s.amountCents);
            } else expect(res.statusCode).toBe(422);
          } else if (s.kind === 'refund' && earns.length > 0) {
            const id = earns[s.pick % earns.length];
            const detail = json(await t.req('GET', `transactions/${id}`));
            const left = detail.amountCents - detail.reversedAmountCents;
            if (left <= 0) continue;
            const res = await t.req('POST', `transactions/${id}/refund`, { amountCents: Math.max(1, Math.min(left, Math.round(left * s.share))) });
            expect(res.statusCode).toBe(200);
            consume(lots, json(res).clawedBackCents);
          } else if (s.kind === 'void' && redeems.length > 0) {
            const res = await t.req('POST', `transactions/${redeems[s.pick % redeems.length]}/void`, { reason: 'Property test' });
            if (res.statusCode === 200) {
              const lot = await lotOf(t, json(res).transactionId);
              if (lot) lots.push(lot);
            } else expect(res.statusCode).toBe(409);
          } else if (s.kind === 'adjust') {
            const res = await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: s.deltaCents, reason: 'Property test' });
            if (res.statusCode !== 200) {
              expect(json(res).error).toBe('Balance cannot go below zero');
              continue;
            }
            if (s.deltaCents > 0) lots.push((await lotOf(t, json(res).transactionId))!);
            else consume(lots, -s.deltaCents);
          } else if (s.kind === 'bonus') {
            // One birthday reward a year: a new year for each, so every step pays.
            const year = 2000 + (bonusYear += 1);
            const paid = await ctx.db.transaction((tx) =>
              creditBirthdayBonus(tx, { tenantId: t.tenant.id, customerId: t.customer.id, year, amountCents: s.amountCents, at: new Date() }),
            );
            expect(paid).not.toBeNull();
            const [row] = await ctx.db
              .select({ id: transactions.id })
              .from(transactions)
              .where(and(eq(transactions.cardId, t.card.id), eq(transactions.rewardKey, `BIRTHDAY:${t.customer.id}:${year}`)));
            lots.push((await lotOf(t, row.id))!);
          } else if (s.kind === 'rule') {
            const res = await t.req('PUT', 'rules/expiry', { policy: 'AFTER_EARN', days: s.days });
            expect(res.statusCode).toBe(200);
          } else if (s.kind === 'expire') {
            clockDays += s.days;
            const at = Date.now() + clockDays * DAY;
            const due = lots.filter((l) => l.expiresAt !== null && l.expiresAt <= at);
            const expected = due.reduce((sum, l) => sum + l.remaining, 0);
            const before = await ctx.db
              .select({ id: transactions.id })
              .from(transactions)
              .where(and(eq(transactions.cardId, t.card.id), eq(transactions.type, 'EXPIRE')));
            await expireDueLots(ctx.db, new Date(at));
            for (const l of due) l.remaining = 0;
            const after = await ctx.db
              .select({ amountCents: transactions.amountCents })
              .from(transactions)
              .where(and(eq(transactions.cardId, t.card.id), eq(transactions.type, 'EXPIRE')))
              .orderBy(asc(transactions.createdAt));
            const expiredNow = after.slice(before.length).reduce((sum, r) => sum + r.amountCents, 0);
            expect(expiredNow).toBe(expected);
          }
          const ledger = await balanceAndLedger(ctx.db, t.cardUid);
          expect(ledger.balance).toBeGreaterThanOrEqual(0);
          expect(ledger.ledgerSum).toBe(ledger.balance);
          const open = await ctx.db.select({ remaining: cashbackLots.remainingCents }).from(cashbackLots).where(eq(cashbackLots.cardId, t.card.id));
          expect(open.reduce((sum, l) => sum + l.remaining, 0)).toBe(ledger.balance);
          expect(lots.reduce((sum, l) => sum + l.remaining, 0)).toBe(ledger.balance);
        }
        const [card] = await ctx.db.select().from(cards).where(eq(cards.id, t.card.id));
        expect(card.balanceCents).toBeGreaterThanOrEqual(0);
        // The liability summaries (ADR 0016) followed every step.
        expect(await offSummaries(ctx.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});

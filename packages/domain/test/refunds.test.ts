import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clawbackCents } from '../src/refunds.ts';

describe('clawbackCents (refunds claw back cashback in proportion)', () => {
  it('takes floor(cashback × refunded / amount) for a partial refund', () => {
    // $50.00 purchase that earned $2.50; $20.00 refunded → $1.00 back; $0.01 refunded → 0 (floor).
    expect(clawbackCents({ amountCents: 5000, cashbackCents: 250 }, { amountCents: 0, cashbackCents: 0 }, 2000)).toBe(100);
    expect(clawbackCents({ amountCents: 5000, cashbackCents: 250 }, { amountCents: 0, cashbackCents: 0 }, 1)).toBe(0);
    expect(clawbackCents({ amountCents: 3000, cashbackCents: 100 }, { amountCents: 0, cashbackCents: 0 }, 1000)).toBe(33);
  });

  it('gives the refund that completes the purchase the exact remainder', () => {
    expect(clawbackCents({ amountCents: 3000, cashbackCents: 100 }, { amountCents: 2000, cashbackCents: 66 }, 1000)).toBe(34);
  });

  it('refuses a refund that is not a positive whole number of cents within what is left', () => {
    const p = { amountCents: 1000, cashbackCents: 50 };
    expect(() => clawbackCents(p, { amountCents: 0, cashbackCents: 0 }, 0)).toThrow(RangeError);
    expect(() => clawbackCents(p, { amountCents: 600, cashbackCents: 30 }, 401)).toThrow(RangeError);
    expect(() => clawbackCents(p, { amountCents: 0, cashbackCents: 0 }, 1.5)).toThrow(RangeError);
  });

  it('property: refunding a purchase in any number of parts claws back exactly the cashback it earned, each part ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 2_500 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (amountCents, rateBps, weights) => {
          const cashbackCents = Math.floor((amountCents * rateBps) / 10_000);
          // Split the purchase into parts proportional to `weights` (each ≥ 1 cent where possible).
          const total = weights.reduce((a, b) => a + b, 0);
          const parts: number[] = [];
          let left = amountCents;
          for (const w of weights.slice(0, -1)) {
            const part = Math.min(left - 1, Math.max(1, Math.floor((amountCents * w) / total)));
            if (part < 1) break;
            parts.push(part);
            left -= part;
          }
          parts.push(left);
          const prior = { amountCents: 0, cashbackCents: 0 };
          for (const part of parts) {
            const back = clawbackCents({ amountCents, cashbackCents }, prior, part);
            expect(back).toBeGreaterThanOrEqual(0);
            prior.amountCents += part;
            prior.cashbackCents += back;
            expect(prior.cashbackCents).toBeLessThanOrEqual(cashbackCents);
          }
          expect(prior.amountCents).toBe(amountCents);
          expect(prior.cashbackCents).toBe(cashbackCents);
        },
      ),
    );
  });
});

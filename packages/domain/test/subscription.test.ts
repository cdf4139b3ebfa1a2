import type { SubscriptionStatus } from '@loyalty/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canTransact, cardLimit, cardsRemaining, isSubscriptionRequired, onlineCardAllowed, tillReserve, type SubscriptionState } from '../src/subscription.ts';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const DAY = 86_400_000;
const STATUSES: SubscriptionStatus[] = ['NONE', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED'];

const state = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  subscriptionStatus: 'TRIALING',
  graceEndsAt: null,
  trialEndsAt: at(14 * DAY),
  freeTrialLimit: 40,
  ...over,
});

describe('canTransact', () => {
  it.each<[SubscriptionStatus, Date | null, boolean]>([
    ['ACTIVE', null, true],
    ['ACTIVE', at(-DAY), true],
    ['TRIALING', null, true],
    ['TRIALING', at(-DAY), true],
    ['NONE', null, false],
    ['NONE', at(DAY), false],
    ['CANCELED', null, false],
    ['CANCELED', at(DAY), false],
    ['PAST_DUE', at(7 * DAY), true],
    ['PAST_DUE', at(1), true],
    ['PAST_DUE', at(0), false],
    ['PAST_DUE', at(-1), false],
    ['PAST_DUE', at(-DAY), false],
    ['PAST_DUE', null, false],
  ])('%s with graceEndsAt %s → %s', (subscriptionStatus, graceEndsAt, expected) => {
    expect(canTransact({ subscriptionStatus, graceEndsAt }, NOW)).toBe(expected);
  });

  it('property: true exactly for ACTIVE, TRIALING, or PAST_DUE with grace strictly in the future', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), fc.option(fc.integer({ min: -10 * DAY, max: 10 * DAY })), (status, graceOffset) => {
        const graceEndsAt = graceOffset === null ? null : at(graceOffset);
        const expected = status === 'ACTIVE' || status === 'TRIALING' || (status === 'PAST_DUE' && graceOffset !== null && graceOffset > 0);
        expect(canTransact({ subscriptionStatus: status, graceEndsAt }, NOW)).toBe(expected);
      }),
    );
  });
});

describe('isSubscriptionRequired', () => {
  it('ACTIVE never requires a subscription, even with the trial used up and expired', () => {
    expect(isSubscriptionRequired(state({ subscriptionStatus: 'ACTIVE', trialEndsAt: at(-DAY) }), 1000, NOW)).toBe(false);
    expect(isSubscriptionRequired(state({ subscriptionStatus: 'ACTIVE', freeTrialLimit: 0, trialEndsAt: null }), 0, NOW)).toBe(false);
  });

  it.each<[string, Partial<SubscriptionState>, number, boolean]>([
    ['fresh trial', {}, 0, false],
    ['39 of 40 used, trial running', {}, 39, false],
    ['all 40 trial activations used', {}, 40, true],
    ['more than the limit used', {}, 41, true],
    ['trial expired 1 ms ago', { trialEndsAt: at(-1) }, 0, true],
    ['trial expired a day ago', { trialEndsAt: at(-DAY) }, 5, true],
    ['trial ends exactly now (not yet passed)', { trialEndsAt: at(0) }, 0, false],
    ['trial ends in 1 ms', { trialEndsAt: at(1) }, 0, false],
    ['no trial end date, activations left', { trialEndsAt: null }, 10, false],
    ['no trial end date, activations used up', { trialEndsAt: null }, 40, true],
    ['both used up and expired', { trialEndsAt: at(-DAY) }, 40, true],
    ['limit 0 → used up at once', { freeTrialLimit: 0 }, 0, true],
    ['PAST_DUE, neither condition', { subscriptionStatus: 'PAST_DUE', graceEndsAt: at(DAY) }, 3, false],
    ['PAST_DUE, trial expired', { subscriptionStatus: 'PAST_DUE', trialEndsAt: at(-DAY) }, 3, true],
    ['CANCELED, trial used up', { subscriptionStatus: 'CANCELED' }, 40, true],
    ['NONE, neither condition', { subscriptionStatus: 'NONE' }, 0, false],
  ])('%s → %s', (_, over, cardsUsed, expected) => {
    expect(isSubscriptionRequired(state(over), cardsUsed, NOW)).toBe(expected);
  });

  it('property: not ACTIVE and (used ≥ limit or trial passed) ⇔ required', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.option(fc.integer({ min: -DAY, max: DAY })),
        fc.nat(100),
        fc.nat(100),
        (status, trialOffset, limit, used) => {
          const s = state({ subscriptionStatus: status, trialEndsAt: trialOffset === null ? null : at(trialOffset), freeTrialLimit: limit });
          const expected = status !== 'ACTIVE' && (used >= limit || (trialOffset !== null && trialOffset < 0));
          expect(isSubscriptionRequired(s, used, NOW)).toBe(expected);
        },
      ),
    );
  });
});

describe('cardLimit', () => {
  it.each<[string, Partial<SubscriptionState>, number | null, number]>([
    ['ACTIVE with a 500-card plan', { subscriptionStatus: 'ACTIVE' }, 500, 500],
    ['ACTIVE with a 5000-card plan', { subscriptionStatus: 'ACTIVE' }, 5000, 5000],
    ['ACTIVE with an unlimited plan', { subscriptionStatus: 'ACTIVE' }, -1, -1],
    ['ACTIVE without a plan → trial limit', { subscriptionStatus: 'ACTIVE' }, null, 40],
    ['TRIALING ignores a plan', { subscriptionStatus: 'TRIALING' }, 500, 40],
    ['TRIALING without a plan', { subscriptionStatus: 'TRIALING' }, null, 40],
    ['TRIALING with a custom trial limit', { subscriptionStatus: 'TRIALING', freeTrialLimit: 7 }, null, 7],
    ['NONE → trial limit', { subscriptionStatus: 'NONE' }, 500, 40],
    ['CANCELED → trial limit', { subscriptionStatus: 'CANCELED' }, -1, 40],
    ['ACTIVE 500-card plan + 100 bought cards', { subscriptionStatus: 'ACTIVE', purchasedCards: 100 }, 500, 600],
    ['TRIALING + 100 bought cards', { subscriptionStatus: 'TRIALING', purchasedCards: 100 }, null, 140],
    ['unlimited stays unlimited with bought cards', { subscriptionStatus: 'ACTIVE', purchasedCards: 100 }, -1, -1],
  ])('%s → %d', (_, over, plan, expected) => {
    expect(cardLimit(state(over), plan)).toBe(expected);
  });
});

describe('cardsRemaining', () => {
  it.each([
    [-1, 0, Number.POSITIVE_INFINITY],
    [-1, 1_000_000, Number.POSITIVE_INFINITY],
    [40, 0, 40],
    [40, 35, 5],
    [40, 40, 0],
    [40, 41, 0],
    [500, 499, 1],
    [500, 10_000, 0],
    [0, 0, 0],
  ])('cardsRemaining(%d, %d) === %d', (limit, used, expected) => {
    expect(cardsRemaining(limit, used)).toBe(expected);
  });

  it('ACTIVE on an unlimited plan → Infinity remaining', () => {
    expect(cardsRemaining(cardLimit(state({ subscriptionStatus: 'ACTIVE' }), -1), 12_345)).toBe(Number.POSITIVE_INFINITY);
  });

  it('a trial with 37 cards used has 3 left', () => {
    expect(cardsRemaining(cardLimit(state(), null), 37)).toBe(3);
  });

  it('property: never negative; max(0, limit − used) for limits ≥ 0; Infinity for negative limits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10_000 }), fc.nat(20_000), (limit, used) => {
        const remaining = cardsRemaining(limit, used);
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(remaining).toBe(limit < 0 ? Number.POSITIVE_INFINITY : Math.max(0, limit - used));
      }),
    );
  });

  it('property: using one more card never increases what remains', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 10_000 }), fc.nat(20_000), (limit, used) => {
        expect(cardsRemaining(limit, used + 1)).toBeLessThanOrEqual(cardsRemaining(limit, used));
      }),
    );
  });
});

describe('the till reserve (ADR 0027): online sign-ups never take the last 10 % of the card quota', () => {
  it('keeps 10 % of a finite quota, rounded up, and nothing of an unlimited one', () => {
    expect([tillReserve(100), tillReserve(40), tillReserve(10), tillReserve(9), tillReserve(3), tillReserve(1), tillReserve(0), tillReserve(-1)]).toEqual([
      10, 4, 1, 1, 1, 1, 0, 0,
    ]);
  });

  it('allows an online card only while it leaves the reserve untouched', () => {
    expect(onlineCardAllowed(100, 89)).toBe(true); // the 90th card
    expect(onlineCardAllowed(100, 90)).toBe(false); // the 91st is the till's
    expect(onlineCardAllowed(3, 1)).toBe(true);
    expect(onlineCardAllowed(3, 2)).toBe(false);
    expect(onlineCardAllowed(1, 0)).toBe(false); // a quota of one card is all the till's
    expect(onlineCardAllowed(-1, 1_000_000)).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GRACE_DAYS,
  isNewerPaidPeriod,
  laterDate,
  RENEWAL_TOLERANCE_MS,
  subscriptionStatusFromFacts,
  type PaidPeriod,
  type SubscriptionFacts,
} from '../src/paid-period.ts';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const facts = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({ paidPeriodEnd: at(20 * DAY), endedAt: null, unpaidPeriodEnd: null, ...over });

describe('isNewerPaidPeriod', () => {
  const period: PaidPeriod = { start: at(-10 * DAY), end: at(20 * DAY) };
  it.each<[string, PaidPeriod | null, PaidPeriod, boolean]>([
    ['anything beats no period', null, period, true],
    ['a later end', period, { start: at(20 * DAY), end: at(50 * DAY) }, true],
    ['an earlier end', period, { start: at(-40 * DAY), end: at(-10 * DAY) }, false],
    ['the same end, a later start (a prorated plan change)', period, { start: at(-2 * DAY), end: at(20 * DAY) }, true],
    ['the same end, an earlier start', period, { start: at(-11 * DAY), end: at(20 * DAY) }, false],
    ['the same period', period, { ...period }, false],
  ])('%s', (_name, current, incoming, expected) => {
    expect(isNewerPaidPeriod(current, incoming)).toBe(expected);
  });
});

describe('subscriptionStatusFromFacts', () => {
  it('an ended subscription is CANCELED without grace, whatever was paid', () => {
    expect(subscriptionStatusFromFacts(facts({ endedAt: at(-DAY) }), NOW)).toEqual({ status: 'CANCELED', graceEndsAt: null });
    expect(subscriptionStatusFromFacts(facts({ endedAt: at(-DAY), paidPeriodEnd: null }), NOW)).toEqual({ status: 'CANCELED', graceEndsAt: null });
  });

  it('says nothing before the first paid period (a trial keeps its status), even when a payment failed', () => {
    expect(subscriptionStatusFromFacts(facts({ paidPeriodEnd: null, unpaidPeriodEnd: at(30 * DAY) }), NOW)).toBeNull();
  });

  it('ACTIVE inside the paid period; a failure of a period it covers changes nothing', () => {
    expect(subscriptionStatusFromFacts(facts(), NOW)).toEqual({ status: 'ACTIVE', graceEndsAt: null });
    expect(subscriptionStatusFromFacts(facts({ unpaidPeriodEnd: at(20 * DAY) }), NOW)).toEqual({ status: 'ACTIVE', graceEndsAt: null });
    expect(subscriptionStatusFromFacts(facts({ unpaidPeriodEnd: at(-5 * DAY) }), NOW)).toEqual({ status: 'ACTIVE', graceEndsAt: null });
  });

  it('PAST_DUE when a later period is unpaid: grace ends GRACE_DAYS after the paid period ended', () => {
    expect(subscriptionStatusFromFacts(facts({ unpaidPeriodEnd: at(50 * DAY) }), NOW)).toEqual({
      status: 'PAST_DUE',
      graceEndsAt: at((20 + GRACE_DAYS) * DAY),
    });
  });

  it('PAST_DUE once the paid period ended more than the tolerance ago, with the same grace end', () => {
    const ended = at(-RENEWAL_TOLERANCE_MS);
    expect(subscriptionStatusFromFacts(facts({ paidPeriodEnd: ended }), NOW)).toEqual({ status: 'ACTIVE', graceEndsAt: null });
    const longer = at(-RENEWAL_TOLERANCE_MS - 1);
    expect(subscriptionStatusFromFacts(facts({ paidPeriodEnd: longer }), NOW)).toEqual({
      status: 'PAST_DUE',
      graceEndsAt: new Date(longer.getTime() + GRACE_DAYS * DAY),
    });
  });

  it('property: folding the same facts in any order gives the same status', () => {
    type Fact = { kind: 'paid'; period: PaidPeriod } | { kind: 'unpaid'; end: Date } | { kind: 'ended'; at: Date };
    const day = fc.integer({ min: -90, max: 90 }).map((d) => at(d * DAY));
    const fact: fc.Arbitrary<Fact> = fc.oneof(
      fc
        .tuple(day, fc.integer({ min: 1, max: 60 }))
        .map(([start, len]) => ({ kind: 'paid' as const, period: { start, end: new Date(start.getTime() + len * DAY) } })),
      day.map((end) => ({ kind: 'unpaid' as const, end })),
      day.map((d) => ({ kind: 'ended' as const, at: d })),
    );
    const fold = (list: Fact[]) => {
      let paid: PaidPeriod | null = null;
      let unpaid: Date | null = null;
      let ended: Date | null = null;
      for (const f of list) {
        if (f.kind === 'paid' && isNewerPaidPeriod(paid, f.period)) paid = f.period;
        if (f.kind === 'unpaid') unpaid = laterDate(unpaid, f.end);
        if (f.kind === 'ended') ended = ended ?? f.at;
      }
      return { paid, status: subscriptionStatusFromFacts({ paidPeriodEnd: paid?.end ?? null, endedAt: ended, unpaidPeriodEnd: unpaid }, NOW) };
    };
    fc.assert(
      fc.property(
        fc
          .array(fact, { maxLength: 8 })
          .chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
        ([list, shuffled]) => {
          const a = fold(list);
          const b = fold(shuffled);
          expect(b.paid).toEqual(a.paid);
          expect(b.status?.status).toBe(a.status?.status);
          expect(b.status?.graceEndsAt?.getTime()).toBe(a.status?.graceEndsAt?.getTime());
        },
      ),
    );
  });
});

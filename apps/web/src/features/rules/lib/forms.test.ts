import { describe, expect, it } from 'vitest';
import type { CashbackRule, TierRule } from '@loyalty/contract';
import {
  bpsToPercentText,
  cashbackBody,
  CashbackForm,
  centsToDollarsText,
  localInputToIso,
  offerState,
  parsePercent,
  previewCashbackRules,
  previewTierRules,
  tierBody,
  TierForm,
  toCashbackForm,
  toTierForm,
} from './forms';

/** The first message the form's resolver would show for `values`, else null. */
function firstMessage(schema: typeof CashbackForm | typeof TierForm, values: unknown): string | null {
  const parsed = schema.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

const cashbackRow = (percent: string) => ({ rules: [{ category: 'PURCHASE', percent, isActive: true }] });
const tierRow = (minSpend: string, percent = '1') => ({ rules: [{ tier: 'GOLD', name: 'Gold', minSpend, percent, isActive: true }] });

describe('percent ↔ basis points (percent × 100, rounded)', () => {
  it('reads a typed percent as bps', () => {
    expect(parsePercent('2.5')).toBe(250);
    expect(parsePercent(' 2 ')).toBe(200);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('0.125')).toBe(13); // 12.5 bps rounds up
    expect(parsePercent('2.55')).toBe(255); // 254.999… in binary floating point
  });

  it('has no bps for an empty, non-numeric or out-of-range percent', () => {
    for (const bad of ['', '   ', 'abc', '2,5', '-0.1', '100.1', 'Infinity']) expect(parsePercent(bad), bad).toBeNull();
  });

  it('shows stored bps as the percent in the input: one decimal, more only when needed', () => {
    expect(bpsToPercentText(250)).toBe('2.5');
    expect(bpsToPercentText(200)).toBe('2.0');
    expect(bpsToPercentText(0)).toBe('0.0');
    expect(bpsToPercentText(125)).toBe('1.25');
    expect(bpsToPercentText(10_000)).toBe('100.0');
  });

  it('round-trips every step-0.1 percent from 0 to 100', () => {
    for (let bps = 0; bps <= 10_000; bps += 10) expect(parsePercent(bpsToPercentText(bps))).toBe(bps);
  });
});

describe('dollars ↔ cents of the minimum spend', () => {
  it('shows stored cents as dollars: whole dollars bare, else two decimals', () => {
    expect(centsToDollarsText(50_000)).toBe('500');
    expect(centsToDollarsText(123_456)).toBe('1234.56');
    expect(centsToDollarsText(1_050)).toBe('10.50');
    expect(centsToDollarsText(0)).toBe('0');
  });

  it('sends the minimum spend in cents, rounded half up on the typed decimals', () => {
    const body = tierBody({ rules: [{ tier: 'GOLD', name: ' Gold ', minSpend: '1234.56', percent: '1.5', isActive: true }] });
    expect(body).toEqual({ rules: [{ tier: 'GOLD', name: 'Gold', minTotalSpendCents: 123_456, baseRateBps: 150, isActive: true }] });
    expect(tierBody({ rules: [{ tier: 'GOLD', name: 'Gold', minSpend: '1.005', percent: '0', isActive: true }] }).rules[0].minTotalSpendCents).toBe(101);
    expect(tierBody({ rules: [{ tier: 'GOLD', name: 'Gold', minSpend: '500', percent: '0', isActive: true }] }).rules[0].minTotalSpendCents).toBe(50_000);
  });
});

describe('the rules forms’ messages', () => {
  it('asks for a rate, a number, between 0 and 100%', () => {
    expect(firstMessage(CashbackForm, cashbackRow(''))).toBe('Rate is required');
    expect(firstMessage(CashbackForm, cashbackRow('abc'))).toBe('Rate must be a number');
    expect(firstMessage(CashbackForm, cashbackRow('100.5'))).toBe('Rate must be between 0 and 100%');
    expect(firstMessage(CashbackForm, cashbackRow('-1'))).toBe('Rate must be between 0 and 100%');
    expect(firstMessage(CashbackForm, cashbackRow('2.5'))).toBeNull();
  });

  it('asks for a minimum spend of $0 or more, typed as a plain number', () => {
    expect(firstMessage(TierForm, tierRow(''))).toBe('Minimum spend is required');
    expect(firstMessage(TierForm, tierRow('12,34'))).toBe('Minimum spend must be a number');
    expect(firstMessage(TierForm, tierRow('$1,234.56'))).toBeNull(); // dollarsToCents takes '$' and thousands separators
    expect(firstMessage(TierForm, tierRow('-5'))).toBe('Minimum spend must be 0 or more');
    expect(firstMessage(TierForm, tierRow('10000001'))).toBe('Minimum spend is too large');
    expect(firstMessage(TierForm, tierRow('1234.56'))).toBeNull();
    expect(firstMessage(TierForm, { rules: [{ tier: 'GOLD', name: '  ', minSpend: '0', percent: '1', isActive: true }] })).toBe('Tier name is required');
  });
});

describe('stored rules → form → request body', () => {
  const cashback: CashbackRule[] = [
    { id: 'r2', category: 'REPAIR', baseRateBps: 300, isActive: true },
    { id: 'r1', category: 'PURCHASE', baseRateBps: 250, isActive: true },
  ];

  it('lists every category in order; a missing one is 0 % and inactive', () => {
    expect(toCashbackForm(cashback).rules).toEqual([
      { category: 'PURCHASE', percent: '2.5', isActive: true },
      { category: 'REPAIR', percent: '3.0', isActive: true },
      { category: 'OTHER', percent: '0.0', isActive: false },
    ]);
  });

  it('sends back the same bps it was given when nothing is edited', () => {
    expect(cashbackBody(toCashbackForm(cashback)).rules).toEqual([
      { category: 'PURCHASE', baseRateBps: 250, isActive: true },
      { category: 'REPAIR', baseRateBps: 300, isActive: true },
      { category: 'OTHER', baseRateBps: 0, isActive: false },
    ]);
  });

  it('sends a typed percent as bps rounded to the nearest, not cut', () => {
    const typed = (percent: string) => cashbackBody({ rules: [{ category: 'PURCHASE', percent, isActive: true }] }).rules[0].baseRateBps;
    expect(typed('2.5')).toBe(250);
    expect(typed('2.55')).toBe(255);
    expect(typed('0.125')).toBe(13);
    expect(typed(' 7 ')).toBe(700);
    const tierBps = tierBody({ rules: [{ tier: 'GOLD', name: 'Gold', minSpend: '0', percent: '2.55', isActive: true }] }).rules[0].baseRateBps;
    expect(tierBps).toBe(255);
  });

  it('lists every tier with its name, spend in dollars and bonus in percent', () => {
    const tiers: TierRule[] = [{ id: 't2', tier: 'GOLD', name: 'Gold club', minTotalSpendCents: 50_000, baseRateBps: 100, isActive: true }];
    expect(toTierForm(tiers).rules).toEqual([
      { tier: 'SILVER', name: 'Silver', minSpend: '0', percent: '0.0', isActive: false },
      { tier: 'GOLD', name: 'Gold club', minSpend: '500', percent: '1.0', isActive: true },
      { tier: 'PLATINUM', name: 'Platinum', minSpend: '0', percent: '0.0', isActive: false },
    ]);
    expect(tierBody(toTierForm(tiers)).rules[1]).toEqual({ tier: 'GOLD', name: 'Gold club', minTotalSpendCents: 50_000, baseRateBps: 100, isActive: true });
  });

  it('gives the preview no rules while a typed value is invalid', () => {
    expect(previewCashbackRules([{ category: 'PURCHASE', percent: '2.5', isActive: true }])).toEqual([
      { category: 'PURCHASE', baseRateBps: 250, isActive: true },
    ]);
    expect(previewCashbackRules([{ category: 'PURCHASE', percent: '250', isActive: true }])).toBeNull();
    expect(previewTierRules([{ tier: 'GOLD', name: 'Gold', minSpend: '-1', percent: '1', isActive: true }])).toBeNull();
    expect(previewTierRules([{ tier: 'GOLD', name: 'Gold', minSpend: '500.5', percent: '1', isActive: true }])).toEqual([
      { tier: 'GOLD', minTotalSpendCents: 50_050, baseRateBps: 100, isActive: true },
    ]);
  });
});

describe('offer dates', () => {
  it('sends a datetime-local value as a full ISO timestamp, nothing when empty or invalid', () => {
    expect(localInputToIso('2026-11-23T14:05')).toBe(new Date(2026, 10, 23, 14, 5).toISOString());
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('not a date')).toBeNull();
  });
});

describe("offer badges: the till's window, both ends included", () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  const offer = (startMs: number, endMs: number, isActive = true) => ({
    isActive,
    startAt: new Date(now.getTime() + startMs).toISOString(),
    endAt: new Date(now.getTime() + endMs).toISOString(),
  });
  it.each<[string, ReturnType<typeof offer>, string]>([
    ['ending exactly now', offer(-3_600_000, 0), 'active'],
    ['starting exactly now', offer(0, 3_600_000), 'active'],
    ['ended a millisecond ago', offer(-3_600_000, -1), 'ended'],
    ['starting in a millisecond', offer(1, 3_600_000), 'scheduled'],
    ['switched off while running', offer(-1, 1, false), 'inactive'],
  ])('an offer %s is %s', (_name, o, state) => {
    expect(offerState(o, now)).toBe(state);
  });
});

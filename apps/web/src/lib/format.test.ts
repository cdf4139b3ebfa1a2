import { describe, expect, it } from 'vitest';
import { amountText, cashbackText, formatBps, formatCents, formatCount, formatDate, formatDateTime, formatLimit, formatterFor } from './format';

describe('money and dates as the screens show them', () => {
  it('formats cents as US dollars', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatCents(-250)).toBe('-$2.50');
  });

  it('signs a ledger row by what it did to the card: a bonus credits it, with no cashback of its own', () => {
    expect(amountText({ type: 'BONUS', amountCents: 500 })).toBe('+$5.00');
    expect(cashbackText({ type: 'BONUS', cashbackCents: 0 })).toBeNull();
    expect(amountText({ type: 'REDEEM', amountCents: 500 })).toBe('−$5.00');
    expect(amountText({ type: 'EARN', amountCents: 1250 })).toBe('$12.50');
  });

  it('formats basis points as a percent with one decimal', () => {
    expect(formatBps(250)).toBe('2.5%');
    expect(formatBps(1000)).toBe('10.0%');
  });

  it('formats dates with a short month, and a dash when there is none', () => {
    expect(formatDate('2026-01-05T12:00:00.000Z')).toBe('Jan 5, 2026');
    expect(formatDateTime('2026-01-05T12:00:00.000Z')).toMatch(/^Jan 5, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    for (const none of [null, undefined, '', 'not a date']) {
      expect(formatDate(none)).toBe('—');
      expect(formatDateTime(none)).toBe('—');
    }
  });

  it('formats counts and limits with en-US separators', () => {
    expect(formatCount(10000)).toBe('10,000');
    expect(formatLimit(-1)).toBe('∞');
    expect(formatLimit(0)).toBe('0');
    expect(formatLimit(0, true)).toBe('∞');
    expect(formatLimit(2500)).toBe('2,500');
  });
});

describe('a business with another locale and currency', () => {
  it('formats its money, percents, counts and dates by its settings', () => {
    const f = formatterFor({ locale: 'de-DE', currency: 'EUR' });
    expect(f.cents(123_456)).toBe('1.234,56\u00a0€');
    expect(f.bps(250)).toBe('2,5\u00a0%');
    expect(f.count(10000)).toBe('10.000');
    expect(f.date('2026-01-05T12:00:00.000Z')).toBe('5. Jan. 2026');
    expect(f.centsCompact(120_000)).toBe('€1.2k');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatBps, formatCents, percentToBps } from '../src/money.ts';

/** Integer cents → canonical "D.CC" decimal string (independent of the code under test). */
function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

describe('formatCents (USD, 2 decimals)', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [10, '$0.10'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123_456, '$1,234.56'],
    [100_000, '$1,000.00'],
    [100_000_000, '$1,000,000.00'],
    [123_456_789_012, '$1,234,567,890.12'],
    [-1, '-$0.01'],
    [-100, '-$1.00'],
    [-123_456, '-$1,234.56'],
  ])('formatCents(%d) === %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('formats negative zero as $0.00, not -$0.00', () => {
    expect(formatCents(-0)).toBe('$0.00');
  });

  it('property: output has the USD shape with thousands separators', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(formatCents(cents).startsWith('-')).toBe(cents < 0);
      }),
    );
  });

  it('property: the digits are exactly the cents (no rounding loss)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = formatCents(cents).replace(/[$,]/g, '');
        expect(text).toBe(centsToDecimal(cents));
      }),
    );
  });

  it('property: dollarsToCents inverts formatCents once $ and commas are removed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(dollarsToCents(formatCents(cents).replace(/[$,]/g, ''))).toBe(cents);
      }),
    );
  });
});

describe('dollarsToCents (times 100, rounded)', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['1', 100],
    ['12', 1200],
    ['1000000', 100_000_000],
    ['12.34', 1234],
    ['12.3', 1230],
    ['12.', 1200],
    ['.5', 50],
    ['0.5', 50],
    ['0.01', 1],
    ['0.004', 0],
    ['0.005', 1],
    ['12.344', 1234],
    ['12.345', 1235],
    ['12.3449', 1234],
    ['1.005', 101],
    ['0.995', 100],
    ['9.999', 1000],
    ['007.50', 750],
    ['-1', -100],
    ['-12.34', -1234],
    ['-.5', -50],
    ['-1.005', -101],
    [' 12.34 ', 1234],
    ['\t5\n', 500],
  ])('dollarsToCents(%j) === %d', (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected);
  });

  it.each<[string, number]>([
    ['$1,234.56', 123456],
    ['$5', 500],
    ['1,000', 100_000],
    ['1,234,567.891', 123_456_789],
    ['$1,000,000.00', 100_000_000],
    ['$.5', 50],
    ['-$5', -500],
    ['-$1,234.5', -123_450],
    ['  $12.34  ', 1234],
  ])('accepts a leading $ and thousands separators: dollarsToCents(%j) === %d', (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected);
  });

  it('property: parses back every amount formatCents writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it.each([
    '',
    '   ',
    'abc',
    '.',
    '-',
    '-.',
    '1.2.3',
    '12a',
    'a12',
    '1 000',
    '--1',
    '1e3',
    'NaN',
    'Infinity',
    '$',
    '$$5',
    '$-5',
    '5$',
    '$ 5',
    '1,00',
    '12,34.5',
    '1,2345',
    ',123',
    '1,',
    '1,000.00,0',
    '1.000,50',
    '0,5',
    '1,,000',
  ])('dollarsToCents(%j) === null', (input) => {
    expect(dollarsToCents(input)).toBeNull();
  });

  it('never returns negative zero', () => {
    for (const input of ['-0', '-0.00', '-0.004', '-.0', -0]) {
      expect(Object.is(dollarsToCents(input), 0), JSON.stringify(input)).toBe(true);
    }
  });

  it('handles large values up to Number.MAX_SAFE_INTEGER cents, null beyond', () => {
    expect(dollarsToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(dollarsToCents('-90071992547409.91')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(dollarsToCents('90071992547409.92')).toBeNull();
    expect(dollarsToCents('99999999999999999999')).toBeNull();
    expect(dollarsToCents('10000000000')).toBe(1_000_000_000_000);
  });

  it.each<[number, number | null]>([
    [0, 0],
    [12, 1200],
    [12.34, 1234],
    [12.345, 1235],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [-1.5, -150],
    [1e-7, 0],
    [-1e-7, 0],
    [1e21, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [Number.NEGATIVE_INFINITY, null],
  ])('accepts numbers: dollarsToCents(%d) === %s', (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected);
  });

  it('property: integer cents written as D.CC parse back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(dollarsToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });

  it('property: integer cents / 100 as a number parse back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(cents / 100)).toBe(cents);
      }),
    );
  });

  const digits = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

  it('property: any decimal string rounds half up on the third decimal (BigInt reference)', () => {
    fc.assert(
      fc.property(digits(1, 12), digits(0, 8), fc.boolean(), (whole, frac, negative) => {
        // Reference: value × 1000 truncated, then (x + 5) / 10 in integers = round half up to cents.
        const milli = BigInt(whole) * 1000n + BigInt((frac + '000').slice(0, 3));
        const cents = Number((milli + 5n) / 10n);
        const text = `${negative ? '-' : ''}${whole}.${frac}`;
        expect(dollarsToCents(text)).toBe(negative && cents !== 0 ? -cents : cents);
      }),
    );
  });

  it('property: result is null or a safe integer; sign matches the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.stringMatching(/^-?\d{0,6}(\.\d{0,4})?$/)), (input) => {
        const result = dollarsToCents(input);
        if (result === null) return;
        expect(Number.isSafeInteger(result)).toBe(true);
        if (result < 0) expect(String(input).trim().startsWith('-')).toBe(true);
      }),
    );
  });

  it('property: monotonic in the typed amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        // Amounts in thousandths of a dollar.
        const toText = (m: number) => `${Math.floor(m / 1000)}.${String(m % 1000).padStart(3, '0')}`;
        expect(dollarsToCents(toText(lo))!).toBeLessThanOrEqual(dollarsToCents(toText(hi))!);
      }),
    );
  });
});

describe('formatBps (bps / 100, one decimal)', () => {
  it.each([
    [0, '0.0%'],
    [10, '0.1%'],
    [100, '1.0%'],
    [200, '2.0%'],
    [250, '2.5%'],
    [2000, '20.0%'],
    [5000, '50.0%'],
    [10_000, '100.0%'],
    [-250, '-2.5%'],
  ])('formatBps(%d) === %s', (bps, expected) => {
    expect(formatBps(bps)).toBe(expected);
  });

  it('property: multiples of 10 bps (0.1 % steps) print exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (tenths) => {
        expect(formatBps(tenths * 10)).toBe(`${Math.floor(tenths / 10)}.${tenths % 10}%`);
      }),
    );
  });
});

describe('percentToBps (percent × 100, rounded)', () => {
  it.each([
    [0, 0],
    [0.1, 10],
    [1, 100],
    [1.1, 110],
    [2.5, 250],
    [12.34, 1234],
    [20, 2000],
    [33.3, 3330],
    [99.9, 9990],
    [100, 10_000],
    [0.004, 0],
    [0.006, 1],
  ])('percentToBps(%d) === %d', (percent, expected) => {
    expect(percentToBps(percent)).toBe(expected);
  });

  it('property: every 0.01 % step from 0 to 100 % maps to its exact bps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bps) => {
        expect(percentToBps(bps / 100)).toBe(bps);
      }),
    );
  });

  it('property: always an integer, monotonic', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        expect(Number.isInteger(percentToBps(a))).toBe(true);
        if (a <= b) expect(percentToBps(a)).toBeLessThanOrEqual(percentToBps(b));
      }),
    );
  });

  it('property: formatBps(percentToBps(p)) shows p for 0.1 % steps (form round trip)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (tenths) => {
        expect(formatBps(percentToBps(tenths / 10))).toBe(`${(tenths / 10).toFixed(1)}%`);
      }),
    );
  });
});

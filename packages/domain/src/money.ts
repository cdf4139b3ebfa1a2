/**
 * Money helpers. All money is integer cents (docs/product.md 'Money'); dollars exist only at the
 * edges (input fields and display).
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Formats integer cents as USD with 2 decimals, e.g. 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100 + 0); // + 0 turns -0 into 0: no "-$0.00"
}

/**
 * Converts a dollar amount typed by a user into integer cents: times 100, rounded. Returns null
 * when the input is not a finite number. "12.345" → 1235 (rounds half up on the decimal string, so
 * no binary-float surprises such as 1.005 → 100).
 *
 * Accepts what a cashier copies from a receipt or from `formatCents`: an optional '$' after the
 * optional '-' ("$1,234.56", "-$5") and ',' thousands separators in groups of three
 * ("1,234,567.8"). A misplaced ',' ("1,23", "12,34.5") is refused (null), not guessed at.
 */
export function dollarsToCents(input: string | number): number | null {
  // String() writes |x| < 1e-6 in exponent form ("1e-7"); such a number is 0 cents.
  const typed = typeof input === 'number' ? (Math.abs(input) < 1e-6 ? '0' : String(input)) : input.trim();
  const match = /^(-?)\$?(\d{1,3}(?:,\d{3})+(?:\.\d*)?|\d*(?:\.\d*)?)$/.exec(typed);
  if (!match || !/\d/.test(typed)) return null;
  const text = match[1] + match[2].replaceAll(',', '');
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const padded = (frac + '000').slice(0, 3);
  let cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** Basis points as a percent string with one decimal, e.g. 250 → "2.5%". */
export function formatBps(bps: number): string {
  return `${(bps / 100).toFixed(1)}%`;
}

/** Percent typed by a user → basis points: percent × 100, rounded (docs/product.md 'Money'). */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * The one place that formats money, numbers and dates for the screens (ADR 0042): every figure
 * goes through `Intl` with the business's locale and currency. Every business today is en-US
 * and USD (BUSINESS_LOCALE); a business with another setting gets `formatterFor(itsLocale)`.
 * The exported functions are that default formatter's, so the screens read the same as before.
 * The server formats its e-mails and CSVs with `@loyalty/domain`'s helpers. Enum labels live
 * in `@/lib/labels`.
 */
import type { TransactionType } from '@loyalty/contract';

export { dollarsToCents } from '@loyalty/domain';

/** A business's formatting settings: a BCP 47 locale and an ISO 4217 currency. */
interface BusinessLocale {
  locale: string;
  currency: string;
}

/** What every business uses today (docs/product.md 'Money': US dollars). */
const BUSINESS_LOCALE: BusinessLocale = { locale: 'en-US', currency: 'USD' };

/** The formatters of one business: money from integer cents, basis points, counts, dates. */
interface Formatter {
  /** Integer cents → '$1,234.56' ('-$2.50'; never '-$0.00'). */
  cents(cents: number): string;
  /** Cents as a chart tick, compact: '$0', '$950', '$7.5', '$1.2k', '$3M'. */
  centsCompact(cents: number): string;
  /** Basis points → a percent with one decimal: 250 → '2.5%'. */
  bps(bps: number): string;
  /** A count with the locale's separators: 10000 → '10,000'. */
  count(n: number): string;
  /** ISO timestamp → 'Jan 5, 2026, 3:04 PM'; '—' when empty or not a date. */
  dateTime(iso: string | null | undefined): string;
  /** ISO timestamp → 'Jan 5, 2026'; '—' when empty or not a date. */
  date(iso: string | null | undefined): string;
  /** ISO timestamp → '3:15 PM'; '—' when empty or not a date. */
  time(iso: string | null | undefined): string;
}

/** `iso` through `format`, or '—' when there is no date. */
function dateWith(format: Intl.DateTimeFormat): (iso: string | null | undefined) => string {
  return (iso) => {
    if (!iso) return '—';
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? '—' : format.format(d);
  };
}

/** The formatters for `settings` (Intl formats built once per business). */
export function formatterFor({ locale, currency }: BusinessLocale): Formatter {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
  const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 })
    .formatToParts(0)
    .filter((p) => p.type === 'currency')
    .map((p) => p.value)
    .join('');
  const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale);
  const short = { month: 'short', day: 'numeric', year: 'numeric' } as const;
  return {
    cents: (cents) => money.format(cents / 100 + 0), // + 0 turns -0 into 0: no "-$0.00"
    centsCompact(cents) {
      // Lower-case k and M, as the charts have always shown (Intl's compact notation writes 'K').
      const dollars = cents / 100;
      if (Math.abs(dollars) >= 1_000_000) return `${symbol}${+(dollars / 1_000_000).toFixed(1)}M`;
      if (Math.abs(dollars) >= 1_000) return `${symbol}${+(dollars / 1_000).toFixed(1)}k`;
      return `${symbol}${+dollars.toFixed(dollars < 10 && dollars % 1 !== 0 ? 2 : 0)}`;
    },
    bps: (bps) => percent.format(bps / 10_000),
    count: (n) => count.format(n),
    dateTime: dateWith(new Intl.DateTimeFormat(locale, { ...short, hour: 'numeric', minute: '2-digit' })),
    date: dateWith(new Intl.DateTimeFormat(locale, short)),
    time: dateWith(new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' })),
  };
}

const business = formatterFor(BUSINESS_LOCALE);

/** Integer cents → '$1,234.56' in the business's currency (BUSINESS_LOCALE). */
export const formatCents = business.cents;
/** Basis points → '2.5%'. */
export const formatBps = business.bps;
/** ISO timestamp → 'Jan 5, 2026, 3:04 PM'; '—' when empty. */
export const formatDateTime = business.dateTime;
/** ISO timestamp → '3:15 PM'; '—' when empty. */
export const formatTime = business.time;
/** ISO timestamp → 'Jan 5, 2026'; '—' when empty. */
export const formatDate = business.date;
/** A count with thousands separators: 10000 → '10,000'. */
export const formatCount = business.count;
/** A money axis tick from cents, compact (charts only; exact amounts use formatCents). */
export const formatCentsCompact = business.centsCompact;

/** A limit where a negative value (or, with `zeroIsUnlimited`, also 0) means none: '∞', else the count. */
export function formatLimit(limit: number, zeroIsUnlimited = false): string {
  return limit < 0 || (zeroIsUnlimited && limit === 0) ? '∞' : formatCount(limit);
}

/**
 * A ledger row's amount, from integer cents: the purchase for EARN ('$12.34'), the purchase
 * refunded for REFUND ('−$20.00'), a minus sign for what left the card on REDEEM and EXPIRE
 * ('−$5.00'), a plus for what came back or in on VOID, ADD_FUNDS and BONUS ('+$5.00'), the signed amount
 * for ADJUST ('+$2.00' / '−$2.00'). The minus is U+2212, as the pages and e2e suite show it.
 */
export function amountText(tx: { type: TransactionType; amountCents: number }): string {
  const abs = formatCents(Math.abs(tx.amountCents));
  switch (tx.type) {
    case 'EARN':
      return formatCents(tx.amountCents);
    case 'REDEEM':
    case 'EXPIRE':
    case 'REFUND':
      return `−${abs}`;
    case 'VOID':
    case 'ADD_FUNDS':
    case 'BONUS':
      return `+${abs}`;
    default:
      return `${tx.amountCents < 0 ? '−' : '+'}${abs}`;
  }
}

/** A ledger row's cashback: '+$0.75' on EARN rows, the claw-back '−$0.30' on REFUND rows, null otherwise (shown as a dash). */
export function cashbackText(tx: { type: TransactionType; cashbackCents: number }): string | null {
  if (tx.type === 'EARN') return `+${formatCents(tx.cashbackCents)}`;
  if (tx.type === 'REFUND') return `−${formatCents(tx.cashbackCents)}`;
  return null;
}

/** 'Springfield, United States': the city and country an order ships to (either may be missing). */
export function shipToPlace(order: { shippingAddress: { city?: string | null; country?: string | null } }): string {
  return [order.shippingAddress.city, order.shippingAddress.country].filter(Boolean).join(', ');
}

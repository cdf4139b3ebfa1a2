import { z } from 'zod';
import { dollarsToCents } from './format';

/**
 * A dollar amount field (the POS, refunds, adjustments): the text the cashier typed, in dollars ('12.50', '$1,234.56'), turned into
 * integer cents (× 100, rounded: `dollarsToCents`) and checked with the
 * contract's `amountCents` rule (`rule`: EarnRequest's or RedeemRequest's, so the browser gives
 * the server's messages: 'Amount must be greater than 0', 'Amount is too large').
 *
 * `formatMessage`: the message when the text is empty or not a dollar amount.
 * `limit`: an extra check on the cents (the redeem balance); returns a message or undefined.
 * Output: the amount in cents.
 */
export function dollarsField(rule: z.ZodType<number>, formatMessage: string, limit?: (cents: number) => string | undefined) {
  return z.string().transform((text, ctx): number => {
    const cents = dollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: formatMessage });
      return z.NEVER;
    }
    const parsed = rule.safeParse(cents);
    const message = parsed.success ? limit?.(cents) : (parsed.error.issues[0]?.message ?? formatMessage);
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
}

/** Integer cents as the plain dollar text a cashier would type: 1234 → '12.34' (no float maths). */
export function centsToDollarsText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { REFERRAL_CODE_UNKNOWN } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { customers } from '../../db/schema/index.ts';

/**
 * Who referred whom (docs/product.md 'Rewards', ADR 0049): every customer has a referral code
 * (made by the database); a new customer who joins with someone's code (the join link, or typed
 * at the till) is recorded as referred by them, once. The bonuses themselves are the ledger's.
 */

/** Texts of the referral refusals at the till, as the API and the screens show them. */
export const REFERRAL_TEXT = {
  unknown: REFERRAL_CODE_UNKNOWN,
  self: 'A customer cannot use their own referral code',
  already: 'This customer was already referred by someone',
} as const;

/** Digits of a phone number, so that '+1 (555) 010-0200' and '15550100200' compare equal. */
function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/**
 * The customer of the tenant whose referral code is `code` (normalised by the contract), judged
 * against the friend who would use it: `{ referrerId }`, or the refusal — 'unknown' (no such code,
 * or its customer was erased) or 'self' (the friend is that customer, or has their e-mail or
 * phone: one person cannot refer themselves).
 */
export async function referrerOfCode(
  db: DbOrTx,
  tenantId: string,
  code: string,
  friend: { id?: string | null; email?: string | null; phone?: string | null },
): Promise<{ referrerId: string } | { refusal: 'unknown' | 'self' }> {
  const referrer = await customerOfCode(db, tenantId, code);
  if (!referrer) return { refusal: 'unknown' };
  const sameEmail = !!friend.email && !!referrer.email && friend.email.toLowerCase() === referrer.email.toLowerCase();
  const samePhone = phoneDigits(friend.phone).length >= 3 && phoneDigits(friend.phone) === phoneDigits(referrer.phone);
  if (referrer.id === friend.id || sameEmail || samePhone) return { refusal: 'self' };
  return { referrerId: referrer.id };
}

/** The not-erased customer of the tenant whose referral code is `code`: id, first name, e-mail and phone; null when none. */
async function customerOfCode(db: DbOrTx, tenantId: string, code: string) {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName, email: customers.email, phone: customers.phone, erasedAt: customers.erasedAt })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.referralCode, code)));
  return row && !row.erasedAt ? row : null;
}

/** Records customer `customerId` (locked by the caller) as referred by `referrerId` unless they already have a referrer. False when they had one. */
export async function recordReferrer(tx: Tx, tenantId: string, customerId: string, referrerId: string): Promise<boolean> {
  const updated = await tx
    .update(customers)
    .set({ referredByCustomerId: referrerId })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId), isNull(customers.referredByCustomerId)))
    .returning({ id: customers.id });
  return updated.length > 0;
}

/** 422 BUSINESS_RULE `message`, marked on the request's `referralCode` field. */
export function referralRefusal(message: string): AppError {
  return new AppError('BUSINESS_RULE', message, [{ field: 'body.referralCode', message }]);
}

/**
 * The referrer whose code `code` was typed for `friend` (at the till, through the API), or 422
 * BUSINESS_RULE on `body.referralCode`: REFERRAL_TEXT.unknown, or REFERRAL_TEXT.self when the
 * friend is the referrer (`referrerOfCode`).
 */
export async function referrerOrRefuse(
  db: DbOrTx,
  tenantId: string,
  code: string,
  friend: { id?: string; email?: string | null; phone?: string | null },
): Promise<string> {
  const found = await referrerOfCode(db, tenantId, code, friend);
  if ('refusal' in found) throw referralRefusal(found.refusal === 'self' ? REFERRAL_TEXT.self : REFERRAL_TEXT.unknown);
  return found.referrerId;
}

/** The customer whose referral code is `code` (not erased): `{ id, firstName }`, or null. For the referral link's join page. */
export async function referrerByCode(db: DbOrTx, tenantId: string, code: string): Promise<{ id: string; firstName: string } | null> {
  const row = await customerOfCode(db, tenantId, code);
  return row ? { id: row.id, firstName: row.firstName } : null;
}

/** Customers referred by someone, by the local month ('YYYY-MM' in `timezone`) they were created in, over [lo, hi): the referrals that joined. */
export async function referredCustomersByMonth(db: DbOrTx, tenantId: string, timezone: string, lo: Date, hi: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: sql<string>`to_char(${customers.createdAt} at time zone ${timezone}, 'YYYY-MM')`, n: sql<number>`count(*)::int` })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, tenantId),
        isNotNull(customers.referredByCustomerId),
        sql`${customers.createdAt} >= ${lo.toISOString()}::timestamptz and ${customers.createdAt} < ${hi.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

import { JOIN_TEXT, type JoinReferralResponse, ReferralCodeInput } from '@loyalty/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { enrolmentRequests } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { activeCardStoreOfCustomer } from '../cards/index.ts';
import { referrerByCode } from '../customers/index.ts';
import { joinableStoreOrFirst } from '../stores/index.ts';
import { tenantContextBySlug } from '../tenants/index.ts';

/**
 * GET /api/join/{slug}/referral/{code} (docs/product.md 'Rewards'): the join page of a referral
 * link. The code is read as typed codes are (case, look-alikes); the friend joins at the
 * referrer's card's store when it takes online sign-ups, else at the business's oldest store that
 * does. Answers the business, the store (id and name) and the referrer's first name. Throws 404
 * JOIN_TEXT.notFound for an unknown business or code, or when no store takes sign-ups (the same
 * answer for each, so a guessed code learns nothing more).
 */
export async function referralJoinPage(db: Database, slug: string, rawCode: string): Promise<JoinReferralResponse> {
  const code = ReferralCodeInput.safeParse(rawCode);
  const tenant = await tenantContextBySlug(db, slug);
  if (!tenant || !code.success || !code.data) throw notFound(JOIN_TEXT.notFound);
  const referrer = await referrerByCode(db, tenant.id, code.data);
  if (!referrer) throw notFound(JOIN_TEXT.notFound);
  const store = await joinableStoreOrFirst(db, tenant.id, await activeCardStoreOfCustomer(db, tenant.id, referrer.id));
  if (!store) throw notFound(JOIN_TEXT.notFound);
  return { businessName: tenant.name, storeName: store.name, storeId: store.id, referrerFirstName: referrer.firstName };
}

/** Online sign-ups carrying a referral code and not confirmed yet, by the local month they were made in, over [lo, hi) (the Rewards report's invited friends still to join). */
export async function pendingReferralSignUpsByMonth(db: DbOrTx, tenantId: string, timezone: string, lo: Date, hi: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: sql<string>`to_char(${enrolmentRequests.createdAt} at time zone ${timezone}, 'YYYY-MM')`, n: sql<number>`count(*)::int` })
    .from(enrolmentRequests)
    .where(
      and(
        eq(enrolmentRequests.tenantId, tenantId),
        isNotNull(enrolmentRequests.referralCode),
        isNull(enrolmentRequests.confirmedAt),
        sql`${enrolmentRequests.createdAt} >= ${lo.toISOString()}::timestamptz and ${enrolmentRequests.createdAt} < ${hi.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

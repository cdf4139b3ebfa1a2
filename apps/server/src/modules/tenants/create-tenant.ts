import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { addDays } from '../../lib/time.ts';
import type { TenantAccount } from './lock-tenant.ts';

/**
 * Inserts a tenant on trial in `tx` (docs/product.md 'Card quota'): status
 * TRIALING, `trialEndsAt` = now + `trialDays` days, `planId` (the platform's
 * defaultPlan) or null. The slug is `input.slug` when given (its uniqueness is the caller's: the
 * unique index answers a race), else `baseSlug` made unique with a numeric suffix (-2, -3 …).
 * Returns the new row. Onboarding (default rules, first store) is the business-profile module's.
 */
export async function insertTenant(
  tx: Tx,
  input: { name: string; slug?: string; baseSlug: string; trialDays: number; planId?: string | null },
  now: Date,
): Promise<TenantAccount> {
  let slug = input.slug ?? input.baseSlug;
  if (!input.slug) {
    const taken = await tx
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(sql`${tenants.slug} = ${slug} or ${tenants.slug} like ${slug + '-%'}`);
    const set = new Set(taken.map((t) => t.slug));
    for (let n = 2; set.has(slug); n++) slug = `${input.baseSlug}-${n}`;
  }
  const [tenant] = await tx
    .insert(tenants)
    .values({ name: input.name, slug, subscriptionStatus: 'TRIALING', trialEndsAt: addDays(now, input.trialDays), planId: input.planId ?? null })
    .returning();
  return tenant;
}

import { eq, inArray, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { TenantContext } from '../../context.ts';
import type { PaymentTenant } from '../../payments/port.ts';
import type { TenantAccount } from './lock-tenant.ts';

/** Lookups of tenant rows (no lock): by slug, by id, by provider ids, and the projections other modules join. */

/** The tenant a `/api/t/:slug` request works in (the tenant guard's lookup), or null for an unknown slug. Case-insensitive. */
export async function tenantContextBySlug(db: DbOrTx, slug: string): Promise<TenantContext | null> {
  const [tenant] = await tenantContextQuery(db, slug.toLowerCase());
  return tenant ?? null;
}

/** The select of tenantContextBySlug; `slug` (lower case) a value or a placeholder. */
function tenantContextQuery(db: DbOrTx, slug: string | ReturnType<typeof sql.placeholder>) {
  return tenantContextSelect(db).where(eq(tenants.slug, slug)).limit(1);
}

/** The TenantContext columns of `tenants`, for a where clause to follow. */
function tenantContextSelect(db: DbOrTx) {
  return db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      name: tenants.name,
      subscriptionStatus: tenants.subscriptionStatus,
      trialEndsAt: tenants.trialEndsAt,
      graceEndsAt: tenants.graceEndsAt,
      planId: tenants.planId,
      freeTrialLimit: tenants.freeTrialLimit,
      purchasedCards: tenants.purchasedCards,
      timezone: tenants.timezone,
      receiptsEnabled: tenants.receiptsEnabled,
      createdAt: tenants.createdAt,
    })
    .from(tenants)
    .$dynamic();
}

/**
 * Every tenant's TenantContext columns as a projection to join (ADR 0012: a plain projection,
 * not the table): the session lookup joins the tenant of a `/api/t/{slug}` request in the same
 * prepared statement as the session (one round trip for both on every tenant-scoped request,
 * docs/performance.md).
 */
export function tenantContexts(db: DbOrTx) {
  return tenantContextSelect(db).as('tenant_contexts');
}

/** Tenant `tenantId` as a TenantContext (the business an operator's request acts in, e.g. a two-factor reset), or null when there is none. `tenantId` must be a UUID. */
export async function tenantContextById(db: DbOrTx, tenantId: string): Promise<TenantContext | null> {
  const [tenant] = await tenantContextSelect(db).where(eq(tenants.id, tenantId)).limit(1);
  return tenant ?? null;
}

/**
 * A prepared lookup of a tenant by id as a TenantContext (the API key guard of /api/v1, issue
 * 17: the key names its tenant); null when the tenant no longer exists.
 */
export function tenantContextByIdFinder(db: Database): (tenantId: string) => Promise<TenantContext | null> {
  const query = tenantContextSelect(db)
    .where(eq(tenants.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tenant_context_by_id');
  return async (tenantId) => (await query.execute({ id: tenantId }))[0] ?? null;
}

/**
 * tenantContextBySlug as a statement prepared once for `db`: the tenant guard runs it on every tenant-scoped request, so drizzle builds its SQL
 * once, and PostgreSQL parses it once per connection. Same answer as tenantContextBySlug.
 */
export function tenantContextFinder(db: Database): (slug: string) => Promise<TenantContext | null> {
  const query = tenantContextQuery(db, sql.placeholder('slug')).prepare('tenant_context_by_slug');
  return async (slug) => (await query.execute({ slug: slug.toLowerCase() }))[0] ?? null;
}

/** A tenants row → the TenantContext the HTTP layer and the tenant view use. */
export function toTenantContext(t: TenantAccount): TenantContext {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    subscriptionStatus: t.subscriptionStatus,
    trialEndsAt: t.trialEndsAt,
    graceEndsAt: t.graceEndsAt,
    planId: t.planId,
    freeTrialLimit: t.freeTrialLimit,
    purchasedCards: t.purchasedCards,
    timezone: t.timezone,
    receiptsEnabled: t.receiptsEnabled,
    createdAt: t.createdAt,
  };
}

/** The tenant of id `tenantId`, or null (no lock). */
export async function findTenant(db: DbOrTx, tenantId: string): Promise<TenantAccount | null> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return tenant ?? null;
}

/** The id of the tenant whose slug is exactly `slug`, or null. */
export async function tenantIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return tenant?.id ?? null;
}

/** `{ id, name, slug, subscriptionStatus }` of a tenant (the `tenant` of the auth answers), or null when it is gone. */
export async function tenantHeader(
  db: DbOrTx,
  tenantId: string,
): Promise<{ id: string; name: string; slug: string; subscriptionStatus: SubscriptionStatus } | null> {
  const [t] = await db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, subscriptionStatus: tenants.subscriptionStatus })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return t ?? null;
}

/** `{ id, name, slug }` of the given tenants (any order; unknown ids are missing), one query. */
export async function tenantNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, { id: string; name: string; slug: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug })
    .from(tenants)
    .where(inArray(tenants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The payment provider's view of tenant `tenantId` (no lock): id, name, slug and
 * providerCustomerId.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export async function paymentTenantOf(db: DbOrTx, tenantId: string): Promise<PaymentTenant> {
  const [t] = await db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, providerCustomerId: tenants.providerCustomerId })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!t) throw notFound('Tenant not found');
  return t;
}

/** The tenant's current subscription period `{ start, end }` as stored (either may be null). */
export async function subscriptionPeriodOf(db: DbOrTx, tenantId: string): Promise<{ start: Date | null; end: Date | null } | null> {
  const [t] = await db.select({ start: tenants.currentPeriodStart, end: tenants.currentPeriodEnd }).from(tenants).where(eq(tenants.id, tenantId));
  return t ?? null;
}

/**
 * Our tenant for a payment provider's object (webhooks): the tenant `metadataTenantId` when
 * it is a UUID of an existing tenant, else the tenant whose provider customer is
 * `providerCustomerId`; null when neither matches.
 */
export async function findTenantIdForProvider(db: DbOrTx, metadataTenantId: string | null, providerCustomerId: string | null): Promise<string | null> {
  if (metadataTenantId) {
    const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, metadataTenantId));
    if (t) return t.id;
  }
  if (providerCustomerId) {
    const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.providerCustomerId, providerCustomerId)).limit(1);
    if (t) return t.id;
  }
  return null;
}

/**
 * The tenants' names and slugs as a subquery `(id, name, slug)` for another module's display
 * join (a payment's tenant, a card order's tenant). A plain projection, so PostgreSQL joins it
 * like the table itself.
 */
export function tenantLabels(db: DbOrTx) {
  return db.select({ id: tenants.id, name: tenants.name, slug: tenants.slug }).from(tenants).as('tenant_labels');
}

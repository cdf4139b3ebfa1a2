import {
  EMAIL_REGISTERED,
  EMAIL_TAKEN,
  SLUG_TEXT,
  type CreateTenantRequest,
  type PlatformTenant,
  type TenantListQuery,
  type TenantListResponse,
  type TenantSummary,
  type UpdateTenantRequest,
} from '@loyalty/contract';
import type { RequestContext } from '../../context.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { addDays } from '../../lib/time.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordSubscriptionEvent } from '../billing/index.ts';
import { cardCountsByTenant } from '../cards/index.ts';
import { customerCountsByTenant } from '../customers/index.ts';
import { assertPasswordPolicy, getPlatformSettings } from '../settings/index.ts';
import { storeCountsByTenant } from '../stores/index.ts';
import {
  defaultPlanId,
  plansByIds,
  deleteTenantRow,
  listTenantsPage,
  lockTenantForChange,
  tenantIdBySlug,
  tenantStatusSummary,
  toTenantContext,
  updateTenantAccount,
  type TenantAccount,
} from '../tenants/index.ts';
import { buildTenantView, createTenant, isValidSlug } from '../business-profile/index.ts';
import {
  detachPlatformAdmins,
  insertAccount,
  userIdByEmail,
  nonCustomerUserCountsByTenant,
  tenantIdsWithAdminEmailContaining,
  tenantOwners,
} from '../users/index.ts';
import { PLATFORM_AUDIT, writePlatformAudit } from './audit.ts';

/** 404 text for an unknown or malformed tenant id. */
export const TENANT_NOT_FOUND = 'Tenant not found';
/** 409 text for a slug in use (POST /api/platform/tenants). */
const SLUG_TAKEN = 'Slug is already taken';
/** 400 text when the typed slug does not match (DELETE /api/platform/tenants/{id}). */
const CONFIRM_SLUG = 'Type the tenant slug to confirm';
/** Grace period of PAST_DUE set by the operator, in days (docs/product.md 'Subscription gates': a failed renewal gives 7 days). */
const GRACE_DAYS = 7;

type TenantRow = TenantAccount;

/**
 * The operator's view (contract PlatformTenant) of several tenants at once: the tenant view
 * (the same `buildTenantView` as GET /api/t/{slug}/tenant), the owner (the first
 * active tenant_admin by creation, or null) and the customer count. Reads every figure in one
 * grouped query per table (no query per tenant). Keeps the order of `rows`.
 */
async function platformTenantViews(db: DbOrTx, rows: TenantRow[], now: Date): Promise<PlatformTenant[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const planIds = [...new Set(rows.map((r) => r.planId).filter((p): p is string => p !== null))];
  const [cardsBy, usersBy, storesBy, customersBy, ownerBy, planBy] = await Promise.all([
    cardCountsByTenant(db, ids),
    nonCustomerUserCountsByTenant(db, ids),
    storeCountsByTenant(db, ids),
    customerCountsByTenant(db, ids),
    tenantOwners(db, ids),
    plansByIds(db, planIds),
  ]);
  return rows.map((t) => ({
    ...buildTenantView(
      toTenantContext(t),
      { cards: cardsBy.get(t.id) ?? { total: 0, activated: 0 }, users: usersBy.get(t.id) ?? 0, stores: storesBy.get(t.id) ?? 0 },
      t.planId ? (planBy.get(t.planId) ?? null) : null,
      now,
    ),
    owner: ownerBy.get(t.id) ?? null,
    customersCount: customersBy.get(t.id) ?? 0,
  }));
}

/** Counts of tenants per status over ALL tenants (contract TenantSummary; the filters do not apply). */
function tenantSummary(db: DbOrTx): Promise<TenantSummary> {
  return tenantStatusSummary(db);
}

/**
 * GET /api/platform/tenants (docs/product.md 'Roles'): the page of
 * tenants, newest first (createdAt, then id), filtered by `status` and by `search` (case-
 * insensitive substring of the name, the slug or the e-mail of any tenant_admin of the
 * tenant); `total` matching tenants, `pages` = ceil(total / limit); `summary` per status over
 * all tenants. Each tenant as `platformTenantViews` builds it.
 */
export async function listPlatformTenants(db: DbOrTx, q: TenantListQuery, now: Date): Promise<TenantListResponse> {
  const page = async () => {
    const alsoMatchingIds = q.search ? await tenantIdsWithAdminEmailContaining(db, q.search) : [];
    return listTenantsPage(db, { status: q.status, search: q.search, alsoMatchingIds, page: q.page, limit: q.limit });
  };
  const [{ rows, total }, summary] = await Promise.all([page(), tenantSummary(db)]);
  return { tenants: await platformTenantViews(db, rows, now), total, pages: Math.ceil(total / q.limit), summary };
}

/**
 * POST /api/platform/tenants (the slug rules of business-profile/slug.ts;
 * docs/product.md 'Accounts and sign-in', 'Card quota'). In ONE transaction: the
 * tenant TRIALING with trialEndsAt = now + trialDays (platform setting), planId from the
 * setting defaultPlan (`defaultPlanId`), its default cashback and tier rules and 'Main Store'
 * (the same `createTenant` as signup), and its owner, a tenant_admin who can sign in at once
 * (password hashed with argon2id). Errors, nothing written:
 * - 400 SLUG_TEXT (details field 'slug') for a reserved slug (the format is the contract's);
 * - 400 'Password must be at least {n} characters long' (details field 'body.ownerPassword')
 *   when the owner password is shorter than the platform's passwordMinLength;
 * - 409 'Slug is already taken';
 * - 409 'An account with this email already exists' (signup's text) when the owner e-mail is
 *   any user's login (staff e-mail is unique across the platform).
 * Writes an audit row 'platform.tenant.create' (actor: the operator of `ctx`; `now` is `ctx.now`).
 * Returns the new PlatformTenant.
 */
export async function createPlatformTenant(db: Database, ctx: RequestContext, input: CreateTenantRequest): Promise<PlatformTenant> {
  const { now } = ctx;
  const slug = input.slug;
  if (!isValidSlug(slug)) throw badRequest(SLUG_TEXT, [{ field: 'slug', message: SLUG_TEXT }]);
  await assertPasswordPolicy(db, input.ownerPassword, 'body.ownerPassword');
  const email = input.ownerEmail.toLowerCase();
  const slugTaken = () => conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
  const emailTaken = () => conflict(EMAIL_TAKEN, [{ field: 'ownerEmail', message: EMAIL_REGISTERED }]);
  if (await tenantIdBySlug(db, slug)) throw slugTaken();
  if (await userIdByEmail(db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.ownerPassword);
  try {
    return await db.transaction(async (tx) => {
      const settings = await getPlatformSettings(tx);
      const planId = await defaultPlanId(tx, settings.platform.defaultPlan);
      const tenant = await createTenant(tx, { name: input.name, slug, trialDays: settings.platform.trialDays, planId }, now);
      const owner = await insertAccount(tx, {
        tenantId: tenant.id,
        email,
        passwordHash,
        firstName: input.ownerFirstName,
        lastName: input.ownerLastName,
        role: 'tenant_admin',
      });
      await writePlatformAudit(tx, ctx, {
        action: PLATFORM_AUDIT.tenantCreate,
        entity: 'tenant',
        entityId: tenant.id,
        after: { name: tenant.name, slug: tenant.slug, subscriptionStatus: tenant.subscriptionStatus, planId, ownerId: owner.id, ownerEmail: email },
      });
      const [view] = await platformTenantViews(tx, [tenant], now);
      return view;
    });
  } catch (err) {
    // Two operators creating the same slug or owner at once: the loser gets the same 409s.
    if (isUniqueViolation(err, 'tenants_slug_unique')) throw slugTaken();
    if (isUniqueViolation(err, 'users_email_unique')) throw emailTaken();
    throw err;
  }
}

/**
 * PUT /api/platform/tenants/{id} (the operator may set any status).
 * In one transaction with the tenant row locked: name and subscriptionStatus take effect at
 * once. PAST_DUE sets graceEndsAt = now + 7 days unless a grace in the future is already set;
 * any other status clears graceEndsAt. When the status changes, a subscription_events row
 * 'status_changed' (data `{ from, to, by: 'operator' }`, the tenant's plan) is written; an
 * audit row 'platform.tenant.update' (before/after name, status, graceEndsAt; actor: the operator
 * of `ctx`, whose `now` the grace counts from) always.
 * 404 'Tenant not found' for an unknown or malformed id. Returns the PlatformTenant.
 */
export async function updatePlatformTenant(db: Database, ctx: RequestContext, id: string, input: UpdateTenantRequest): Promise<PlatformTenant> {
  const { now } = ctx;
  if (!isUuid(id)) throw notFound(TENANT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const before = await lockTenantForChange(tx, id);
    if (!before) throw notFound(TENANT_NOT_FOUND);
    const to = input.subscriptionStatus;
    const graceEndsAt =
      to === 'PAST_DUE' ? (before.graceEndsAt && before.graceEndsAt.getTime() > now.getTime() ? before.graceEndsAt : addDays(now, GRACE_DAYS)) : null;
    const after = await updateTenantAccount(tx, id, { name: input.name, subscriptionStatus: to, graceEndsAt });
    if (before.subscriptionStatus !== to) {
      await recordSubscriptionEvent(tx, {
        tenantId: id,
        tenantName: after.name,
        tenantSlug: after.slug,
        planId: after.planId,
        eventType: 'status_changed',
        data: { from: before.subscriptionStatus, to, by: 'operator' },
      });
    }
    const pick = (t: TenantRow) => ({
      name: t.name,
      slug: t.slug,
      subscriptionStatus: t.subscriptionStatus,
      graceEndsAt: t.graceEndsAt?.toISOString() ?? null,
    });
    await writePlatformAudit(tx, ctx, { action: PLATFORM_AUDIT.tenantUpdate, entity: 'tenant', entityId: id, before: pick(before), after: pick(after) });
    const [view] = await platformTenantViews(tx, [after], now);
    return view;
  });
}

/**
 * DELETE /api/platform/tenants/{id} (tenant delete
 * works after the operator types the slug). In ONE transaction with the tenant row
 * locked: removes the tenant and every row it owns: every table with a tenant_id cascades
 * from tenants (stores, customers, cards, ledger, rollups, counters, rules, offers, invoices,
 * payment methods, card orders, checkout sessions, idempotency keys, its audit rows) and its
 * users with their sessions. payments and subscription_events stay, detached (tenant_id set
 * NULL; their tenant_name is kept) so revenue history survives. A platform_admin user is
 * never deleted: one attached to the tenant is detached first. Writes an audit row
 * 'platform.tenant.delete' (tenant null; name, slug, status in `before`; actor: the operator of `ctx`).
 * Errors, nothing deleted: 404 'Tenant not found' (unknown or malformed id); 400 'Type the
 * tenant slug to confirm' when `confirmSlug` is missing or is not the tenant's slug.
 */
export async function deletePlatformTenant(db: Database, ctx: RequestContext, id: string, confirmSlug: string | undefined): Promise<void> {
  if (!isUuid(id)) throw notFound(TENANT_NOT_FOUND);
  await db.transaction(async (tx) => {
    const tenant = await lockTenantForChange(tx, id);
    if (!tenant) throw notFound(TENANT_NOT_FOUND);
    if (confirmSlug?.trim() !== tenant.slug) throw badRequest(CONFIRM_SLUG, [{ field: 'confirmSlug', message: CONFIRM_SLUG }]);
    await detachPlatformAdmins(tx, id);
    await deleteTenantRow(tx, id);
    await writePlatformAudit(tx, ctx, {
      action: PLATFORM_AUDIT.tenantDelete,
      entity: 'tenant',
      entityId: id,
      before: { name: tenant.name, slug: tenant.slug, subscriptionStatus: tenant.subscriptionStatus },
    });
  });
}

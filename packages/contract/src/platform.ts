import { z } from 'zod';
import { BillingPeriod, SubscriptionStatus } from './enums.ts';
import { BillingPlan, PlanLimits } from './billing.ts';
import { TenantResponse } from './tenant.ts';
import { AuditEvent, AuditListQuery } from './audit.ts';

/**
 * The platform operator's console. platform_admin only. Money in integer cents; times
 * ISO-8601 strings; trends are percentages (one decimal) or null when there is nothing to
 * compare with.
 */

/** Percentage change of this period against the previous one, or null (no previous figure). */
const Trend = z.number().nullable();

/**
 * GET /api/platform/stats. activeTenants: ACTIVE plus TRIALING. totalRevenue: all recorded payments
 * (cents, refunds subtract); monthlyRevenue: this UTC calendar month. trends: new tenants /
 * customers / stores in the last 30 days against the 30 before; revenue this month against last
 * month.
 */
export const PlatformStats = z.object({
  totalTenants: z.number().int(),
  activeTenants: z.number().int(),
  totalStores: z.number().int(),
  totalCustomers: z.number().int(),
  /** Net revenue of all time, integer cents (a name kept from the first API; money fields added since end in Cents). */
  totalRevenue: z.number().int(),
  /** Net revenue of this UTC month, integer cents (a name kept from the first API; money fields added since end in Cents). */
  monthlyRevenue: z.number().int(),
  trends: z.object({
    totalTenants: Trend,
    activeTenants: Trend,
    totalStores: Trend,
    totalCustomers: Trend,
    totalRevenue: Trend,
    monthlyRevenue: Trend,
  }),
});
export type PlatformStats = z.infer<typeof PlatformStats>;

/** One entry of the recent-activity list (real entries, from tenants, subscription events and payments). */
export const ActivityItem = z.object({
  id: z.string(),
  kind: z.enum(['tenant_created', 'subscription', 'payment', 'tenant_updated', 'tenant_deleted', 'plan_changed']),
  title: z.string(),
  detail: z.string(),
  tenantName: z.string().nullable(),
  tenantSlug: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

/**
 * GET /api/platform/activity?limit=&tenant=&actor=&action=&from=&to=&cursor=: `limit` (1–50,
 * default 10) sizes both lists; `tenant` a tenant's slug, or 'platform' for platform events only;
 * the other filters as the tenant's Activity (AuditListQuery).
 */
export const ActivityQuery = AuditListQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  tenant: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'Unknown tenant')
    .optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;
/**
 * `activity`: the dashboard's merged recent feed (sign-ups, subscriptions, payments, operator
 * changes), newest first, unfiltered. `items`/`nextCursor`: a page of the audit trail across
 * tenants and the platform, filtered, newest first (the operator's Activity page).
 */
export const ActivityResponse = z.object({ activity: z.array(ActivityItem), items: z.array(AuditEvent), nextCursor: z.string().nullable() });
export type ActivityResponse = z.infer<typeof ActivityResponse>;

/**
 * A tenant as the operator sees it: the tenant view (`TenantResponse`) plus its owner (first active
 * tenant_admin) and customer count; without `paymentProvider`, which is the install's, not a
 * tenant's.
 */
export const PlatformTenant = TenantResponse.omit({ paymentProvider: true }).extend({
  owner: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  customersCount: z.number().int(),
});
export type PlatformTenant = z.infer<typeof PlatformTenant>;

/** GET /api/platform/tenants query (optional status and search — name, slug or owner e-mail). */
export const TenantListQuery = z.object({
  status: SubscriptionStatus.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TenantListQuery = z.infer<typeof TenantListQuery>;

/** Counts per status over ALL tenants (the summary cards ignore the filters). */
export const TenantSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  trialing: z.number().int(),
  pastDue: z.number().int(),
  canceled: z.number().int(),
  none: z.number().int(),
});
export type TenantSummary = z.infer<typeof TenantSummary>;

/** GET /api/platform/tenants → the page of tenants (newest first), totals and the summary. */
export const TenantListResponse = z.object({
  tenants: z.array(PlatformTenant),
  total: z.number().int(),
  pages: z.number().int(),
  summary: TenantSummary,
});
export type TenantListResponse = z.infer<typeof TenantListResponse>;

/** Lowercase letters, digits and hyphens, 3–40 characters (reserved words refused by the server). */
export const SLUG_TEXT = 'Slug must be 3–40 lowercase letters, digits or hyphens';
export const TenantSlug = z.string({ error: SLUG_TEXT }).regex(/^[a-z0-9-]{3,40}$/, SLUG_TEXT);

/**
 * POST /api/platform/tenants: the tenant, its owner (tenant_admin) and its default rules in one
 * transaction. Owner names optional.
 */
export const CreateTenantRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long'),
  slug: TenantSlug,
  ownerEmail: z.string({ error: 'Owner email is required' }).trim().toLowerCase().email('Owner email is not valid'),
  ownerPassword: z.string({ error: 'Owner password is required' }).min(6, 'Password must be at least 6 characters long').max(200),
  ownerFirstName: z.string().trim().max(80).optional().default(''),
  ownerLastName: z.string().trim().max(80).optional().default(''),
});
export type CreateTenantRequest = z.infer<typeof CreateTenantRequest>;

/** PUT /api/platform/tenants/{id}: the operator may set any status. */
export const UpdateTenantRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long'),
  subscriptionStatus: SubscriptionStatus,
});
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequest>;

/** DELETE /api/platform/tenants/{id} body (confirmed by typing the tenant's slug). */
export const DeleteTenantRequest = z.object({ confirmSlug: z.string({ error: 'Type the tenant slug to confirm' }) });
export type DeleteTenantRequest = z.infer<typeof DeleteTenantRequest>;

/** A plan as the operator manages it: the Billing plan plus whether it is offered, its order and how many tenants use it. */
export const PlatformPlan = BillingPlan.extend({
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  tenantsCount: z.number().int(),
});
export type PlatformPlan = z.infer<typeof PlatformPlan>;

/** GET /api/platform/plans → every plan, in display order. */
export const PlatformPlanListResponse = z.object({ plans: z.array(PlatformPlan) });
export type PlatformPlanListResponse = z.infer<typeof PlatformPlanListResponse>;

/**
 * POST /api/platform/plans and PUT /api/platform/plans/{id} (the form parses price to 0 when
 * invalid, limits to −1 when missing or 0, drops empty features). priceMonthly in cents; limits −1
 * = unlimited, else ≥ 1.
 */
export const PlanInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
  description: z.string().trim().max(500).default(''),
  /** The monthly price, integer cents (a name kept from the first API; money fields added since end in Cents). */
  priceMonthly: z
    .number({ error: 'Price must be a number' })
    .int('Price must be whole cents')
    .min(0, 'Price cannot be negative')
    .max(100_000_000, 'Price is too large'),
  billingPeriod: BillingPeriod.default('monthly'),
  stripePriceId: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null)),
  features: z
    .array(z.string().trim().max(200))
    .max(50)
    .transform((f) => f.filter((x) => x.length > 0)),
  limits: PlanLimits.refine((l) => Object.values(l).every((v) => v === -1 || v >= 1), 'Limits must be −1 (unlimited) or at least 1'),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type PlanInput = z.infer<typeof PlanInput>;

/** The default plan choices of the settings form (starter, pro, enterprise). */
export const DefaultPlanKey = z.enum(['starter', 'pro', 'enterprise']);
export type DefaultPlanKey = z.infer<typeof DefaultPlanKey>;

/**
 * GET/PUT /api/platform/settings (stored server-side; allowSignups, trialDays, sessionTimeout
 * (hours) and defaultPlan take effect). GET never returns the SMTP password: `password` is '' and
 * `passwordSet` tells whether one is stored; a PUT with an empty password keeps the stored one.
 */
export const PlatformSettings = z.object({
  smtp: z.object({
    host: z.string().trim().max(200),
    port: z.number({ error: 'Port must be a number' }).int().min(1, 'Port must be 1–65535').max(65535, 'Port must be 1–65535'),
    username: z.string().trim().max(200),
    password: z.string().max(200),
    passwordSet: z.boolean().optional(),
    fromEmail: z.union([z.literal(''), z.string().trim().email('From email is not valid')]),
  }),
  security: z.object({
    sessionTimeout: z
      .number({ error: 'Session timeout must be a number' })
      .int()
      .min(1, 'Session timeout must be 1–720 hours')
      .max(720, 'Session timeout must be 1–720 hours'),
    passwordMinLength: z.number().int().min(6, 'Minimum password length must be 6–128').max(128, 'Minimum password length must be 6–128'),
    requireTwoFactor: z.boolean(),
    /**
     * Wrong passwords allowed per account and client address in 15 minutes before that pair is
     * held back (ADR 0009 derives the per-address and per-account ceilings from it). Optional
     * in input for older clients; the server's default is 10.
     */
    maxLoginAttempts: z
      .number({ error: 'Maximum login attempts must be a number' })
      .int('Maximum login attempts must be a whole number')
      .min(3, 'Maximum login attempts must be 3–100')
      .max(100, 'Maximum login attempts must be 3–100')
      .default(10),
  }),
  platform: z.object({
    defaultPlan: DefaultPlanKey,
    trialDays: z.number({ error: 'Trial days must be a number' }).int().min(0, 'Trial days must be 0–365').max(365, 'Trial days must be 0–365'),
    allowSignups: z.boolean(),
  }),
});
export type PlatformSettings = z.infer<typeof PlatformSettings>;

/** One Store Admin of a tenant as the operator's tenant details show it (two-factor reset). */
export const PlatformTenantAdmin = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type PlatformTenantAdmin = z.infer<typeof PlatformTenantAdmin>;

/** GET /api/platform/tenants/{id}/admins answer: the tenant's Store Admins by name. */
export const PlatformTenantAdminsResponse = z.object({ admins: z.array(PlatformTenantAdmin) });
export type PlatformTenantAdminsResponse = z.infer<typeof PlatformTenantAdminsResponse>;

import type { ActivityItem, ActivityResponse, PlatformStats } from '@loyalty/contract';
import { formatCents } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { addDays, utcMonthStart } from '../../lib/time.ts';
import { latestPlatformAudit } from '../audit/index.ts';
import { latestPayments, latestSubscriptionEvents, revenueFigures } from '../billing/index.ts';
import { customerGrowth } from '../customers/index.ts';
import { storeGrowth } from '../stores/index.ts';
import { newestTenants, tenantGrowth } from '../tenants/index.ts';
import { PLATFORM_AUDIT } from './audit.ts';

/**
 * The operator's dashboard figures and activity feed (docs/product.md 'Roles',
 * 'Reports'). The platform module owns no table: each figure comes from its owner's service
 * (tenants, stores, customers, billing's payments and events, the audit trail; ADR 0012).
 */

/**
 * Percentage change of `current` against `previous`, one decimal (e.g. 3 vs 2 → 50), or null
 * when there is nothing to compare with (previous 0). Used by every trend of the dashboard.
 */
export function trend(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/**
 * GET /api/platform/stats (trends from real data).
 * - totalTenants; activeTenants = ACTIVE plus TRIALING; totalStores; totalCustomers.
 * - totalRevenue: every revenue payment (cents; 'paid' plus negative 'refunded' rows);
 *   monthlyRevenue: those of the current UTC calendar month.
 * - trends (%, one decimal, null without a previous figure): totalTenants, totalStores and
 *   totalCustomers compare rows created in the last 30 days with the 30 days before;
 *   activeTenants the same for tenants that are ACTIVE or TRIALING now; totalRevenue revenue
 *   of the last 30 days against the 30 before; monthlyRevenue this UTC month against last.
 */
export async function getPlatformStats(db: DbOrTx, now: Date): Promise<PlatformStats> {
  const d30 = addDays(now, -30);
  const d60 = addDays(now, -60);
  const month = utcMonthStart(now);
  const lastMonth = utcMonthStart(now, -1);
  const far = addDays(now, 365);
  const [t, s, c, p] = await Promise.all([
    tenantGrowth(db, d30, d60, far),
    storeGrowth(db, d30, d60, far),
    customerGrowth(db, d30, d60, far),
    revenueFigures(db, { month, lastMonth, d30, d60, far }),
  ]);
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  return {
    totalTenants: t.total,
    activeTenants: t.active,
    totalStores: s.total,
    totalCustomers: c.total,
    totalRevenue: n(p.total),
    monthlyRevenue: n(p.month),
    trends: {
      totalTenants: trend(t.new30, t.prev30),
      activeTenants: trend(t.activeNew30, t.activePrev30),
      totalStores: trend(s.new30, s.prev30),
      totalCustomers: trend(c.new30, c.prev30),
      totalRevenue: trend(n(p.last30), n(p.prev30)),
      monthlyRevenue: trend(n(p.month), n(p.lastMonth)),
    },
  };
}

const PAYMENT_KIND_LABELS: Record<string, string> = { subscription: 'Subscription', card_order: 'Card order', card_order_refund: 'Card order refund' };

const EVENT_TITLES: Record<string, string> = {
  created: 'New subscription',
  updated: 'Subscription changed',
  canceled: 'Subscription canceled',
  payment_failed: 'Payment failed',
  status_changed: 'Status changed',
};

/**
 * GET /api/platform/activity?limit= (real recent
 * activity): the newest `limit` entries (1–50), newest first, merged from
 * - tenants created (kind 'tenant_created', from tenants.created_at);
 * - subscription_events (kind 'subscription'; title by event type, detail the plan or the
 *   status change);
 * - payments of any status (kind 'payment'; detail amount in dollars, plan or kind, status);
 * - the operator's audit rows: tenant updated / deleted and plan created / updated / deleted
 *   (kinds 'tenant_updated', 'tenant_deleted', 'plan_changed').
 * Rows of a deleted tenant keep its name (tenantSlug null when the tenant is gone).
 */
export async function getActivity(db: DbOrTx, limit: number): Promise<Pick<ActivityResponse, 'activity'>> {
  const [tenantRows, eventRows, paymentRows, auditRows] = await Promise.all([
    newestTenants(db, limit),
    latestSubscriptionEvents(db, limit),
    latestPayments(db, limit),
    latestPlatformAudit(
      db,
      [PLATFORM_AUDIT.tenantUpdate, PLATFORM_AUDIT.tenantDelete, PLATFORM_AUDIT.planCreate, PLATFORM_AUDIT.planUpdate, PLATFORM_AUDIT.planDelete],
      limit,
    ),
  ]);

  const items: ActivityItem[] = [];
  for (const t of tenantRows) {
    items.push({
      id: `tenant:${t.id}`,
      kind: 'tenant_created',
      title: 'New tenant',
      detail: `${t.name} joined the platform`,
      tenantName: t.name,
      tenantSlug: t.slug,
      createdAt: t.createdAt.toISOString(),
    });
  }
  for (const e of eventRows) {
    const data = (e.data ?? {}) as { from?: string; to?: string; by?: string };
    const detail =
      e.eventType === 'status_changed' && data.from && data.to
        ? `${data.from} → ${data.to} ${data.by === 'schedule' ? 'as the paid period ended without a payment' : 'by the operator'}`
        : e.planName
          ? `${e.eventType === 'created' ? 'Subscribed to' : e.eventType === 'updated' ? 'Changed to' : 'Plan'} ${e.planName}`
          : e.eventType;
    items.push({
      id: `event:${e.id}`,
      kind: 'subscription',
      title: EVENT_TITLES[e.eventType] ?? 'Subscription event',
      detail,
      tenantName: e.tenantName,
      tenantSlug: e.tenantId ? e.tenantSlug : null,
      createdAt: e.createdAt.toISOString(),
    });
  }
  for (const p of paymentRows) {
    const what = p.planName ?? PAYMENT_KIND_LABELS[p.kind] ?? p.kind;
    items.push({
      id: `payment:${p.id}`,
      kind: 'payment',
      title: p.amountCents < 0 ? 'Refund' : p.status === 'paid' ? 'Payment received' : `Payment ${p.status}`,
      detail: `${formatCents(p.amountCents)} · ${what}`,
      tenantName: p.tenantName,
      tenantSlug: p.tenantSlug ?? null,
      createdAt: p.createdAt.toISOString(),
    });
  }
  for (const a of auditRows) {
    const before = (a.before ?? {}) as { name?: string; slug?: string; subscriptionStatus?: string };
    const after = (a.after ?? {}) as { name?: string; slug?: string; subscriptionStatus?: string };
    const createdAt = a.createdAt.toISOString();
    if (a.action === PLATFORM_AUDIT.tenantUpdate) {
      // A status change is listed once, by its subscription event ('Status changed'); the
      // audit row adds an entry only for a rename.
      if (before.name === after.name) continue;
      items.push({
        id: `audit:${a.id}`,
        kind: 'tenant_updated',
        title: 'Tenant renamed',
        detail: `${before.name} → ${after.name}`,
        tenantName: after.name ?? null,
        tenantSlug: after.slug ?? null,
        createdAt,
      });
    } else if (a.action === PLATFORM_AUDIT.tenantDelete) {
      items.push({
        id: `audit:${a.id}`,
        kind: 'tenant_deleted',
        title: 'Tenant deleted',
        detail: `${before.name} (${before.slug}) and all its data were removed`,
        tenantName: before.name ?? null,
        tenantSlug: null,
        createdAt,
      });
    } else {
      const verb = a.action === PLATFORM_AUDIT.planCreate ? 'created' : a.action === PLATFORM_AUDIT.planUpdate ? 'updated' : 'deleted';
      const name = (after.name ?? before.name) as string | undefined;
      items.push({
        id: `audit:${a.id}`,
        kind: 'plan_changed',
        title: `Plan ${verb}`,
        detail: name ?? 'Plan',
        tenantName: null,
        tenantSlug: null,
        createdAt,
      });
    }
  }
  items.sort((x, y) => (x.createdAt < y.createdAt ? 1 : x.createdAt > y.createdAt ? -1 : 0));
  return { activity: items.slice(0, limit) };
}

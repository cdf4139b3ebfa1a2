import type Stripe from 'stripe';
import type { Tx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import { applySubscriptionFact, paymentRecorded, recordSubscriptionEvent } from '../billing/index.ts';
import { findPlan, planIdByStripePrice } from '../tenants/index.ts';
import { lockTenant } from '../tenants/index.ts';
import { type EventCtx, findTenantId, fromUnix, idOf } from './event-context.ts';

/** The invoice events: a paid invoice and a failed payment, as subscription facts (ADR 0021). */

/**
 * What the handlers need of an invoice, across Stripe API versions: subscription id and its
 * metadata (parent.subscription_details since 2025-03-31.basil, top-level `subscription` /
 * `subscription_details` before), the price and the period of the main line (the charged line
 * with the latest period end; a proration's credit line is skipped), falling back to the
 * invoice's own period.
 */
function invoiceFacts(inv: Stripe.Invoice) {
  const legacy = inv as unknown as { subscription?: unknown; subscription_details?: { metadata?: Record<string, string> | null } };
  const details = inv.parent?.subscription_details ?? null;
  const subscriptionId = idOf(details?.subscription) ?? idOf(legacy.subscription);
  const metadata: Record<string, string> = details?.metadata ?? legacy.subscription_details?.metadata ?? {};
  const lines = inv.lines?.data ?? [];
  const main = [...lines].filter((l) => (l.amount ?? 0) >= 0).sort((a, b) => (b.period?.end ?? 0) - (a.period?.end ?? 0))[0] ?? lines[0];
  const priceId = idOf(main?.pricing?.price_details?.price) ?? idOf((main as unknown as { price?: unknown } | undefined)?.price);
  const periodStart = main?.period?.start ?? inv.period_start;
  const periodEnd = main?.period?.end ?? inv.period_end;
  return { subscriptionId, metadata, priceId, periodStart, periodEnd, customerId: idOf(inv.customer) };
}

/** The plan of an invoice's charged price (plans.stripe_price_id); the metadata's planId only for an invoice that names no price (ADR 0021: metadata goes stale when the plan is changed in Stripe's portal). */
async function chargedPlanId(tx: Tx, f: ReturnType<typeof invoiceFacts>): Promise<string | null> {
  if (f.priceId) return planIdByStripePrice(tx, f.priceId);
  return isUuid(f.metadata.planId) ? ((await findPlan(tx, f.metadata.planId))?.id ?? null) : null;
}

/**
 * invoice.paid / invoice.payment_succeeded: the paid invoice as a 'paid' fact
 * (applySubscriptionFact: payment and invoice recorded once per Stripe invoice; plan and
 * period follow the newest paid period, the plan being that of the charged price).
 */
export async function onInvoicePaid({ tx, log, now }: EventCtx, inv: Stripe.Invoice): Promise<void> {
  const f = invoiceFacts(inv);
  if (!f.subscriptionId) {
    log.info({ invoiceId: inv.id }, 'stripe webhook: invoice without a subscription, ignored');
    return;
  }
  const tenantId = await findTenantId(tx, f.metadata.tenantId, f.customerId);
  if (!tenantId) {
    log.warn({ invoiceId: inv.id, customerId: f.customerId }, 'stripe webhook: paid invoice of an unknown tenant, ignored');
    return;
  }
  const planId = await chargedPlanId(tx, f);
  if (!planId) {
    log.error(
      { invoiceId: inv.id, tenantId, priceId: f.priceId },
      "stripe webhook: paid invoice for no known plan (set the plan's stripePriceId); not recorded",
    );
    return;
  }
  const tenant = await lockTenant(tx, tenantId);
  if (await paymentRecorded(tx, inv.id)) return;
  const paid = {
    status: 'active' as const,
    subscriptionId: f.subscriptionId,
    periodStart: fromUnix(f.periodStart),
    periodEnd: fromUnix(f.periodEnd),
    amountCents: inv.amount_paid,
    providerPaymentId: inv.id,
    providerInvoiceId: inv.id,
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    invoicePdf: inv.invoice_pdf ?? null,
  };
  const applied = await applySubscriptionFact(tx, tenant, { kind: 'paid', subscriptionId: f.subscriptionId, planId, paid }, now);
  if (applied.outcome === 'other-subscription') {
    log.info(
      { invoiceId: inv.id, subscriptionId: f.subscriptionId, current: tenant.providerSubscriptionId },
      'stripe webhook: paid invoice of another subscription recorded, tenant state unchanged',
    );
  }
}

/**
 * invoice.payment_failed: unless the invoice is already recorded as paid, its period is an
 * 'unpaid' fact (applySubscriptionFact: PAST_DUE with grace GRACE_DAYS after the end of the
 * paid period when the failed period is after it; an older invoice's failure changes nothing;
 * before the first paid period, e.g. a trial, the status is kept). A 'payment_failed' event is
 * written in every case, with the status and grace that follow.
 */
export async function onInvoicePaymentFailed({ tx, log, now }: EventCtx, inv: Stripe.Invoice): Promise<void> {
  const f = invoiceFacts(inv);
  const tenantId = await findTenantId(tx, f.metadata.tenantId, f.customerId);
  if (!tenantId) {
    log.warn({ invoiceId: inv.id, customerId: f.customerId }, 'stripe webhook: failed invoice of an unknown tenant, ignored');
    return;
  }
  const tenant = await lockTenant(tx, tenantId);
  const alreadyPaid = await paymentRecorded(tx, inv.id);
  const after =
    f.subscriptionId && !alreadyPaid
      ? await applySubscriptionFact(tx, tenant, { kind: 'unpaid', subscriptionId: f.subscriptionId, periodEnd: fromUnix(f.periodEnd) }, now)
      : { status: tenant.subscriptionStatus, graceEndsAt: tenant.graceEndsAt };
  await recordSubscriptionEvent(tx, {
    tenantId: tenant.id,
    tenantName: tenant.name,
    tenantSlug: tenant.slug,
    planId: tenant.planId ?? (isUuid(f.metadata.planId) ? f.metadata.planId : null),
    eventType: 'payment_failed',
    data: {
      provider: 'stripe',
      invoiceId: inv.id,
      subscriptionId: f.subscriptionId,
      amountDueCents: inv.amount_due,
      attempt: inv.attempt_count,
      fromStatus: tenant.subscriptionStatus,
      status: after.status,
      graceEndsAt: after.graceEndsAt?.toISOString() ?? null,
      ...(alreadyPaid ? { alreadyPaid: true } : {}),
    },
  });
}

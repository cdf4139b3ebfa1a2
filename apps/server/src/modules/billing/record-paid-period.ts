import type { SubscriptionStatus } from '@loyalty/contract';
import type { Tx } from '../../db/client.ts';
import { invoices, payments, subscriptionEvents } from '../../db/schema/index.ts';
import type { PaymentProvider, ProviderSubscribeResult } from '../../payments/port.ts';
import { activateSubscription } from '../tenants/index.ts';

/** Months in one billing period (a plan's price is monthly). */
export const PERIOD_MONTHS: Record<string, number> = { monthly: 1, '3months': 3, '6months': 6, yearly: 12 };

/** The tenant facts recordPaidPeriod needs (as read under the tenant lock). */
export interface PaidPeriodTenant {
  id: string;
  name: string;
  slug: string;
  planId: string | null;
  subscriptionStatus: SubscriptionStatus;
}

/** A paid period as the provider reports it (the 'active' answer of subscribe, or a paid invoice). */
export type PaidPeriodResult = Extract<ProviderSubscribeResult, { status: 'active' }>;

/**
 * Records a paid subscription period (docs/product.md 'Payments'), in the caller's
 * transaction with the tenant row locked: the tenant becomes ACTIVE on `planId` (graceEndsAt
 * cleared; subscription id and period stored); a subscription_event ('created' when the
 * tenant was not ACTIVE on a plan, 'updated' otherwise; data carries provider, previous plan
 * and status, amountCents); a paid payment (kind 'subscription', cents) and a paid invoice for
 * the period. Used by subscribe when the provider answers 'active' (Demo: paid at once, a new
 * subscription each time); the Stripe webhook's events go through applySubscriptionFact.
 * Idempotence is the caller's (payments.provider_payment_id and the invoice's provider id are
 * unique: a duplicate throws a unique violation).
 */
export async function recordPaidPeriod(
  tx: Tx,
  tenant: PaidPeriodTenant,
  planId: string,
  result: PaidPeriodResult,
  providerKind: PaymentProvider['kind'],
): Promise<void> {
  const wasActive = tenant.subscriptionStatus === 'ACTIVE' && tenant.planId !== null;
  await activateSubscription(tx, tenant.id, { planId, subscriptionId: result.subscriptionId, periodStart: result.periodStart, periodEnd: result.periodEnd });
  await tx.insert(subscriptionEvents).values({
    tenantId: tenant.id,
    tenantName: tenant.name,
    tenantSlug: tenant.slug,
    planId,
    eventType: wasActive ? 'updated' : 'created',
    data: {
      provider: providerKind,
      fromPlanId: tenant.planId,
      fromStatus: tenant.subscriptionStatus,
      subscriptionId: result.subscriptionId,
      amountCents: result.amountCents,
    },
  });
  await recordPaidInvoice(tx, tenant, planId, result);
}

/** The paid payment (kind 'subscription', plan `planId`, cents) and the paid invoice of `result`'s period, in `tx`. */
export async function recordPaidInvoice(tx: Tx, tenant: Pick<PaidPeriodTenant, 'id' | 'name'>, planId: string, result: PaidPeriodResult): Promise<void> {
  await tx.insert(payments).values({
    tenantId: tenant.id,
    tenantName: tenant.name,
    planId,
    kind: 'subscription',
    amountCents: result.amountCents,
    status: 'paid',
    providerPaymentId: result.providerPaymentId,
  });
  await tx.insert(invoices).values({
    tenantId: tenant.id,
    providerInvoiceId: result.providerInvoiceId,
    amountPaidCents: result.amountCents,
    status: 'paid',
    periodStart: result.periodStart,
    periodEnd: result.periodEnd,
    hostedInvoiceUrl: result.hostedInvoiceUrl,
    invoicePdf: result.invoicePdf,
  });
}

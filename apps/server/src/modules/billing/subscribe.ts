import type { SubscribeRequest, SubscribeResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { TenantRequestContext } from '../../context.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { findPlan } from '../tenants/index.ts';
import { lockTenant, setProviderSubscriptionId } from '../tenants/index.ts';
import { PERIOD_MONTHS, recordPaidPeriod } from './record-paid-period.ts';

/** 400 text of a subscribe with no card chosen and none saved. */
const SELECT_PAYMENT_METHOD = 'Please select a payment method';

/** 409 text when the tenant re-selects the plan it is ACTIVE on (the current plan cannot be selected again). */
const ALREADY_ON_PLAN = 'You are already subscribed to this plan';

/**
 * POST /api/t/{slug}/billing/subscribe `{ planId, paymentMethodId? }` at `now`
 * (docs/product.md 'Payments'). In ONE transaction with the tenant row
 * locked:
 * - 404 'Plan not found' unless `planId` is an active plan;
 * - 409 'You are already subscribed to this plan' when the tenant is ACTIVE on it (a PAST_DUE
 *   or CANCELED tenant may pay for its plan again);
 * - the card: `paymentMethodId` when given (404 'Payment method not found' unless it is the
 *   tenant's), else the tenant's default card; 400 'Please select a payment method' when none;
 * - the provider subscribes. When it reports `active` (Demo: always), the tenant becomes
 *   ACTIVE on the plan (graceEndsAt cleared, period and subscription id stored), and a
 *   subscription_event ('created' for a tenant without an ACTIVE plan, 'updated' for a plan
 *   change), a paid payment (kind 'subscription', amount = monthly price × period months,
 *   cents) and a paid invoice for the period are written.
 * Returns `{ subscriptionId, redirectUrl: '/t/{slug}/billing?success=true&demo=true', demo:
 * true }` under Demo (the Billing page's success banners). A pending provider (Stripe) only has its
 * subscription id stored in tenants.provider_subscription_id and answers `{ subscriptionId,
 * redirectUrl: '/t/{slug}/billing?success=true' }`: the status, payment, invoice and event
 * come with the invoice.paid webhook. Stripe: 400 when the plan has no stripePriceId, 422
 * with Stripe's message for a declined card. Nothing is written on an error.
 */
export async function subscribe(db: Database, provider: PaymentProvider, ctx: TenantRequestContext, input: SubscribeRequest): Promise<SubscribeResponse> {
  const { now, tenant: t } = ctx;
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    const plan = isUuid(input.planId) ? await findPlan(tx, input.planId, true) : null;
    if (!plan) throw notFound('Plan not found');
    if (tenant.planId === plan.id && tenant.subscriptionStatus === 'ACTIVE')
      throw conflict(ALREADY_ON_PLAN, [{ field: 'body.planId', message: ALREADY_ON_PLAN }]);
    const methods = await provider.listPaymentMethods(tx, tenant);
    let methodId: string;
    if (input.paymentMethodId) {
      const chosen = methods.find((m) => m.id === input.paymentMethodId);
      if (!chosen) throw notFound('Payment method not found');
      methodId = chosen.id;
    } else {
      const fallback = methods.find((m) => m.isDefault) ?? methods[0];
      if (!fallback) throw badRequest(SELECT_PAYMENT_METHOD, [{ field: 'body.paymentMethodId', message: SELECT_PAYMENT_METHOD }]);
      methodId = fallback.id;
    }
    const periodMonths = PERIOD_MONTHS[plan.billingPeriod] ?? 1;
    await writeAudit(tx, {
      tenantId: tenant.id,
      ...auditActorOf(ctx),
      action: 'subscription.change',
      entity: 'tenant',
      entityId: tenant.id,
      before: { planId: tenant.planId, subscriptionStatus: tenant.subscriptionStatus },
      after: { planId: plan.id, plan: plan.name, priceCents: plan.priceMonthlyCents * periodMonths, periodMonths },
    });
    const result = await provider.subscribe(
      tx,
      tenant,
      { id: plan.id, name: plan.name, priceCents: plan.priceMonthlyCents * periodMonths, periodMonths, stripePriceId: plan.stripePriceId },
      methodId,
      now,
    );
    if (result.status === 'pending') {
      // Nothing is paid yet (the webhook records the period); keep the subscription id so a
      // repeated subscribe changes this subscription and its deletion event is recognised.
      if (result.subscriptionId && result.subscriptionId !== tenant.providerSubscriptionId) {
        await setProviderSubscriptionId(tx, tenant.id, result.subscriptionId);
      }
      return { subscriptionId: result.subscriptionId, redirectUrl: result.redirectUrl, checkoutUrl: result.checkoutUrl };
    }
    await recordPaidPeriod(tx, tenant, plan.id, result, provider.kind);
    const demo = provider.kind === 'demo';
    return {
      subscriptionId: result.subscriptionId,
      redirectUrl: `/t/${tenant.slug}/billing?success=true${demo ? '&demo=true' : ''}`,
      ...(demo ? { demo: true } : {}),
    };
  });
}

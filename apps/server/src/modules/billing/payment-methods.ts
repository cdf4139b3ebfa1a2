import type { DemoCardInput, PaymentMethod, PaymentMethodListResponse, SetupIntentResponse } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { TenantContext, TenantRequestContext } from '../../context.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider, ProviderPaymentMethod } from '../../payments/port.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { lockTenant, paymentTenantOf } from '../tenants/index.ts';

/** The tenant's saved cards (kept by the payment provider) and the provider's portal. */

/** 400 text of a demo card whose expiry month has passed. */
const CARD_EXPIRED = 'Card has expired';

/** 500 text when Stripe runs without STRIPE_PUBLISHABLE_KEY (the wording of every payment configuration error). */
const PAYMENT_CONFIG_ERROR = 'Payment system configuration error. Please contact support.';

function toPaymentMethod(m: ProviderPaymentMethod): PaymentMethod {
  return { id: m.id, is_default: m.isDefault, card: { last4: m.last4, brand: m.brand, exp_month: m.expMonth, exp_year: m.expYear } };
}

/** The provider's view of the request tenant (no lock; tenants `paymentTenantOf`). */
function paymentTenant(db: DbOrTx, t: TenantContext) {
  return paymentTenantOf(db, t.id);
}

/** GET /api/t/{slug}/billing/payment-methods: `{ paymentMethods }`, default first then newest. */
export async function listPaymentMethods(db: DbOrTx, provider: PaymentProvider, t: TenantContext): Promise<PaymentMethodListResponse> {
  const list = await provider.listPaymentMethods(db, await paymentTenant(db, t));
  return { paymentMethods: list.map(toPaymentMethod) };
}

/**
 * POST /api/t/{slug}/billing/setup-intent: `{ demo: true }` under Demo; under Stripe
 * `{ clientSecret, publishableKey }` for Stripe's card form (the tenant's Stripe customer is
 * created on first need and stored, in one transaction with the tenant row locked so two
 * parallel calls create one customer). 500 PAYMENT_CONFIG_ERROR when Stripe runs without
 * STRIPE_PUBLISHABLE_KEY (checked before any Stripe call); Stripe failures map to AppErrors
 * (payments/stripe.ts).
 */
export async function createSetupIntent(
  db: Database,
  provider: PaymentProvider,
  config: Pick<Config, 'stripe'>,
  t: TenantContext,
): Promise<SetupIntentResponse> {
  if (provider.kind === 'demo') return provider.createSetupIntent(db, await paymentTenant(db, t));
  const publishableKey = config.stripe?.publishableKey;
  if (!publishableKey) throw new AppError('INTERNAL', PAYMENT_CONFIG_ERROR);
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    const { clientSecret } = await provider.createSetupIntent(tx, tenant);
    return { clientSecret, publishableKey };
  });
}

/**
 * POST /api/t/{slug}/billing/payment-methods (Demo card form; contract DemoCardInput).
 * 400 'Card has expired' (details `body.exp_year`) when the expiry month is before the
 * current month (UTC). In one transaction with the tenant row locked: saves the card, the
 * default when it is the tenant's first, and the audit row 'payment_method.add' (actor: who acts in
 * `ctx`; the expiry is checked against `ctx.now`). Returns the PaymentMethod (201 in the route).
 */
export async function addPaymentMethod(db: Database, provider: PaymentProvider, ctx: TenantRequestContext, input: DemoCardInput): Promise<PaymentMethod> {
  const { now, tenant: t } = ctx;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (input.exp_year * 12 + (input.exp_month - 1) < thisMonth) throw badRequest(CARD_EXPIRED, [{ field: 'body.exp_year', message: CARD_EXPIRED }]);
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    const m = await provider.addCard(tx, tenant, { brand: input.brand, last4: input.last4, expMonth: input.exp_month, expYear: input.exp_year });
    await writeAudit(tx, {
      tenantId: t.id,
      ...auditActorOf(ctx),
      action: 'payment_method.add',
      entity: 'payment_method',
      entityId: m.id,
      after: { brand: input.brand, last4: input.last4 },
    });
    return toPaymentMethod(m);
  });
}

/**
 * DELETE /api/t/{slug}/billing/payment-methods/{id}: removes the card; when it
 * was the default, the newest remaining card becomes the default. 404 'Payment method not
 * found' (unknown, malformed or another tenant's id).
 */
export async function removePaymentMethod(db: Database, provider: PaymentProvider, ctx: TenantRequestContext, id: string): Promise<void> {
  const t = ctx.tenant;
  await db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    if (!(await provider.detachPaymentMethod(tx, tenant, id))) throw notFound('Payment method not found');
    await writeAudit(tx, { tenantId: t.id, ...auditActorOf(ctx), action: 'payment_method.remove', entity: 'payment_method', entityId: id });
  });
}

/**
 * POST /api/t/{slug}/billing/payment-methods/{id}/set-default: makes the card the
 * only default and returns the new list `{ paymentMethods }`. 404 'Payment method not found'.
 */
export async function setDefaultPaymentMethod(
  db: Database,
  provider: PaymentProvider,
  ctx: TenantRequestContext,
  id: string,
): Promise<PaymentMethodListResponse> {
  const t = ctx.tenant;
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    if (!(await provider.setDefaultPaymentMethod(tx, tenant, id))) throw notFound('Payment method not found');
    await writeAudit(tx, { tenantId: t.id, ...auditActorOf(ctx), action: 'payment_method.set_default', entity: 'payment_method', entityId: id });
    return { paymentMethods: (await provider.listPaymentMethods(tx, tenant)).map(toPaymentMethod) };
  });
}

/**
 * GET /api/t/{slug}/billing/portal: `{ url }` of
 * the provider's portal, returning to `{PUBLIC_URL}/t/{slug}/billing`; under Demo the
 * Payment Methods tab. Writes nothing (Stripe may create its customer first).
 */
export async function createPortalSession(
  db: Database,
  provider: PaymentProvider,
  config: Pick<Config, 'publicUrl'>,
  t: TenantContext,
): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    return provider.createPortalSession(tx, tenant, `${config.publicUrl}/t/${tenant.slug}/billing`);
  });
}

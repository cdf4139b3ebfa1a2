import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { paymentMethods } from '../db/schema/index.ts';
import { isUuid } from '../lib/uuid.ts';
import type { CardDetails, CheckoutRequest, PaymentProvider, PaymentTenant, ProviderPaymentMethod, ProviderPlan, ProviderSubscribeResult } from './port.ts';

/** Adds `months` calendar months to `d` (UTC), clamping to the month's last day (Jan 31 + 1 → Feb 28/29). */
export function addMonthsUtc(d: Date, months: number): Date {
  const day = d.getUTCDate();
  const r = new Date(d.getTime());
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}

function toMethod(row: typeof paymentMethods.$inferSelect): ProviderPaymentMethod {
  return { id: row.id, isDefault: row.isDefault, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}

/**
 * The Demo payment provider (docs/product.md 'Payments': the default, no external calls).
 * Setup intents answer `{ demo: true }`; cards are kept in payment_methods with a
 * `demo_pm_…` provider id; subscribe activates at once and reports the first period as paid
 * (`demo_pay_…` / `demo_in_…` ids, no invoice URLs). Callers serialise writes of one tenant
 * (the service locks the tenant row), so "one default" holds.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly kind = 'demo' as const;

  /** Always `{ demo: true }`: the web shows the demo card form. */
  async createSetupIntent(): Promise<{ demo: boolean }> {
    return { demo: true };
  }

  /** Inserts the card; default when the tenant has no other card. */
  async addCard(db: DbOrTx, tenant: PaymentTenant, card: CardDetails): Promise<ProviderPaymentMethod> {
    const [existing] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.tenantId, tenant.id)).limit(1);
    const [row] = await db
      .insert(paymentMethods)
      .values({ tenantId: tenant.id, providerPaymentMethodId: `demo_pm_${randomUUID()}`, ...card, isDefault: !existing })
      .returning();
    return toMethod(row);
  }

  /** The tenant's cards, default first, then newest first. */
  async listPaymentMethods(db: DbOrTx, tenant: PaymentTenant): Promise<ProviderPaymentMethod[]> {
    const rows = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.tenantId, tenant.id))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
    return rows.map(toMethod);
  }

  /** Deletes the card; promotes the newest remaining card when the default went. */
  async detachPaymentMethod(db: DbOrTx, tenant: PaymentTenant, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const [gone] = await db
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, tenant.id), eq(paymentMethods.id, id)))
      .returning();
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await db
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.tenantId, tenant.id))
        .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
        .limit(1);
      if (next)
        await db
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(and(eq(paymentMethods.tenantId, tenant.id), eq(paymentMethods.id, next.id)));
    }
    return true;
  }

  /** Sets the one default card of the tenant. */
  async setDefaultPaymentMethod(db: DbOrTx, tenant: PaymentTenant, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const [hit] = await db
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(and(eq(paymentMethods.tenantId, tenant.id), eq(paymentMethods.id, id)))
      .returning({ id: paymentMethods.id });
    if (!hit) return false;
    await db
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.tenantId, tenant.id), ne(paymentMethods.id, id)));
    return true;
  }

  /** Activates at once: the period is [now, now + plan.periodMonths), paid in full. */
  async subscribe(_db: DbOrTx, _tenant: PaymentTenant, plan: ProviderPlan, _paymentMethodId: string, now: Date): Promise<ProviderSubscribeResult> {
    return {
      status: 'active',
      subscriptionId: `demo_sub_${randomUUID()}`,
      periodStart: now,
      periodEnd: addMonthsUtc(now, plan.periodMonths),
      amountCents: plan.priceCents,
      providerPaymentId: `demo_pay_${randomUUID()}`,
      providerInvoiceId: `demo_in_${randomUUID()}`,
      hostedInvoiceUrl: null,
      invoicePdf: null,
    };
  }

  /** The local demo checkout page (docs/product.md 'Payments'); session id `demo_cs_{checkoutId}`. */
  async createCheckout(_db: DbOrTx, tenant: PaymentTenant, req: CheckoutRequest): Promise<{ providerSessionId: string; url: string }> {
    return { providerSessionId: `demo_cs_${req.checkoutId}`, url: `/t/${tenant.slug}/checkout/${req.checkoutId}` };
  }

  /** No portal without a provider: the Billing page's Payment Methods tab. */
  async createPortalSession(_db: DbOrTx, tenant: PaymentTenant): Promise<{ url: string }> {
    return { url: `/t/${tenant.slug}/billing?tab=payment-methods` };
  }

  /** Nothing to send back under Demo; a `demo_re_…` id for the records. */
  async refund(): Promise<{ refundId: string }> {
    return { refundId: `demo_re_${randomUUID()}` };
  }
}

import { desc, eq } from 'drizzle-orm';
import type { InvoiceListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import type { TenantContext } from '../../context.ts';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * GET /api/t/{slug}/billing/invoices: the tenant's invoices newest first;
 * `created`, `period_start`, `period_end` in unix seconds, `amount_paid` in cents.
 */
export async function listInvoices(db: DbOrTx, t: TenantContext): Promise<InvoiceListResponse> {
  const rows = await db.select().from(invoices).where(eq(invoices.tenantId, t.id)).orderBy(desc(invoices.createdAt), desc(invoices.id));
  return {
    invoices: rows.map((r) => ({
      id: r.id,
      created: unix(r.createdAt),
      amount_paid: r.amountPaidCents,
      status: r.status,
      period_start: unix(r.periodStart),
      period_end: unix(r.periodEnd),
      hosted_invoice_url: r.hostedInvoiceUrl,
      invoice_pdf: r.invoicePdf,
    })),
  };
}

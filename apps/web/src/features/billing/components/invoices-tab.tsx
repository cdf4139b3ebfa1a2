import type { Invoice } from '@loyalty/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, type Column } from '@/components/ui/table';
import { formatCents, formatDate } from '@/lib/format';
import { useInvoices } from '../api/billing';
import { useMessages, type Translate } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** A date of unix `seconds` (the provider's invoice times), formatted with formatDate. */
const secs = (seconds: number) => formatDate(new Date(seconds * 1000).toISOString());

const link = 'text-indigo-600 hover:underline';

/** The columns of the invoices table: Invoice (#last 8 of the id and its date), Amount (cents), Status, Period, Actions (View / PDF / —). */
const columns = (t: Translate<typeof billingMessages.en>): Column<Invoice>[] => [
  {
    id: 'invoice',
    header: t('columnInvoice'),
    cell: (inv) => (
      <>
        <p className="font-medium text-slate-900">#{inv.id.slice(-8)}</p>
        <p className="text-xs text-slate-500">{secs(inv.created)}</p>
      </>
    ),
  },
  { id: 'amount', header: t('columnAmount'), cell: (inv) => formatCents(inv.amount_paid) },
  { id: 'status', header: t('columnStatus'), cell: (inv) => <Badge color={inv.status === 'paid' ? 'green' : 'grey'}>{inv.status}</Badge> },
  { id: 'period', header: t('columnPeriod'), className: 'whitespace-nowrap', cell: (inv) => `${secs(inv.period_start)} – ${secs(inv.period_end)}` },
  { id: 'actions', header: t('columnActions'), className: 'space-x-3', cell: (inv) => <InvoiceLinks invoice={inv} /> },
];

/** Invoices tab: table Invoice, Amount, Status, Period, Actions; loaded only when ACTIVE; empty 'No invoices yet'. */
export function InvoicesTab({ slug, active }: { slug: string; active: boolean }) {
  const t = useMessages(billingMessages);
  const invoices = useInvoices(slug, active);
  const none = <p className="py-8 text-center text-slate-500">{t('noInvoices')}</p>;
  let body;
  if (!active) body = none;
  else if (invoices.isPending) body = <Spinner />;
  else if (invoices.isError) body = <Alert tone="error">{t('invoicesLoadFailed')}</Alert>;
  else
    body = (
      <Table
        caption={t('invoicesTitle')}
        columns={columns(t)}
        rows={invoices.data}
        rowKey={(inv) => inv.id}
        empty={none}
        cellClassName="px-3 py-2 text-sm"
        renderCard={(inv) => <InvoiceCard invoice={inv} />}
        listLabel={t('invoicesTitle')}
      />
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('invoicesTitle')}</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/** The View (hosted page) and PDF links of an invoice, '—' when it has neither. */
function InvoiceLinks({ invoice: inv }: { invoice: Invoice }) {
  const t = useMessages(billingMessages);
  return (
    <>
      {inv.hosted_invoice_url && (
        <a className={link} href={inv.hosted_invoice_url} target="_blank" rel="noreferrer">
          {t('invoiceView')}
        </a>
      )}
      {!inv.hosted_invoice_url && !inv.invoice_pdf && <span className="text-slate-500">—</span>}
      {inv.invoice_pdf && (
        <a className={link} href={inv.invoice_pdf} target="_blank" rel="noreferrer">
          {t('invoicePdf')}
        </a>
      )}
    </>
  );
}

/** The phone layout of an invoice (instead of a sideways-scrolling table): number and date, amount and status, period, links. */
function InvoiceCard({ invoice: inv }: { invoice: Invoice }) {
  return (
    <div className="space-y-1 py-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="font-medium text-slate-900">#{inv.id.slice(-8)}</p>
        <Badge color={inv.status === 'paid' ? 'green' : 'grey'}>{inv.status}</Badge>
      </div>
      <p className="font-semibold text-slate-900">{formatCents(inv.amount_paid)}</p>
      <p className="text-xs text-slate-500">
        {secs(inv.created)} · {secs(inv.period_start)} – {secs(inv.period_end)}
      </p>
      <p className="space-x-3">
        <InvoiceLinks invoice={inv} />
      </p>
    </div>
  );
}

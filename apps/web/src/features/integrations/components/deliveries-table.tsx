import type { WebhookDeliveryItem } from '@loyalty/contract';
import { ChevronDown, ChevronRight, RotateCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, type Column } from '@/components/ui/table';
import { formatCount, formatDateTime } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { deliveryBadge, durationLabel, responseLabel } from '../lib/delivery-status';
import { integrationsMessages, type IntegrationsT } from '../messages';

/** What a delivery row can ask the log to do. */
export interface DeliveryRowActions {
  /** Shows or hides the row's response excerpt and payload. */
  onToggle: (d: WebhookDeliveryItem) => void;
  onResend: (d: WebhookDeliveryItem) => void;
  /** The delivery whose details are shown (its Details button is pressed). */
  openId?: string;
  /** The id of the details panel, for `aria-controls`. */
  detailsId: string;
  /** The delivery whose resend runs: its button spins. */
  resendingId?: string;
}

/** 'transaction.created at Jan 5, 2026, 3:04 PM': what names a row's buttons. */
const rowName = (d: WebhookDeliveryItem, t: IntegrationsT) => t('deliveryRowName', { event: d.eventType, time: formatDateTime(d.createdAt) });

function RowButtons({ d, actions }: { d: WebhookDeliveryItem; actions: DeliveryRowActions }) {
  const t = useMessages(integrationsMessages);
  const open = actions.openId === d.id;
  const resending = actions.resendingId === d.id;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? actions.detailsId : undefined}
        aria-label={t('deliveryDetailsLabel', { row: rowName(d, t) })}
        onClick={() => actions.onToggle(d)}
      >
        <Chevron aria-hidden="true" className="h-4 w-4" />
        {t('deliveryDetails')}
      </Button>
      <Button variant="ghost" size="sm" loading={resending} aria-label={t('deliveryResendLabel', { row: rowName(d, t) })} onClick={() => actions.onResend(d)}>
        {!resending && <RotateCw aria-hidden="true" className="h-4 w-4" />}
        {t('deliveryResend')}
      </Button>
    </div>
  );
}

const num = 'text-sm whitespace-nowrap text-slate-700 tabular-nums';

const columns = (actions: DeliveryRowActions, t: IntegrationsT): Column<WebhookDeliveryItem>[] => [
  { id: 'event', header: t('deliveryColEvent'), cell: (d) => <code className="font-mono text-xs text-slate-900">{d.eventType}</code> },
  {
    id: 'status',
    header: t('deliveryColStatus'),
    cell: (d) => {
      const { label, color } = deliveryBadge(d);
      return <Badge color={color}>{label}</Badge>;
    },
  },
  { id: 'attempts', header: t('deliveryColAttempts'), align: 'right', className: num, cell: (d) => formatCount(d.attempts) },
  { id: 'response', header: t('deliveryColResponse'), align: 'right', className: num, cell: responseLabel },
  { id: 'duration', header: t('deliveryColDuration'), align: 'right', className: num, cell: durationLabel },
  { id: 'time', header: t('deliveryColTime'), className: 'text-sm whitespace-nowrap text-slate-600', cell: (d) => formatDateTime(d.createdAt) },
  { id: 'actions', header: <span className="sr-only">{t('colActions')}</span>, align: 'right', cell: (d) => <RowButtons d={d} actions={actions} /> },
];

/**
 * The delivery log's table: Event type, Status (Delivered / Retrying / Failed,
 * Pending before the first attempt), Attempts, Response (the last HTTP status or '—'),
 * Duration (ms), Time, and per row Details (response excerpt and payload) and Resend.
 */
export function DeliveriesTable({ deliveries, actions, busy }: { deliveries: WebhookDeliveryItem[]; actions: DeliveryRowActions; busy?: boolean }) {
  const t = useMessages(integrationsMessages);
  return (
    <Table
      caption={t('deliveriesCaption')}
      columns={columns(actions, t)}
      rows={deliveries}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ 'data-status': d.status, className: actions.openId === d.id ? 'bg-indigo-50/60' : undefined })}
      cellClassName="px-2.5 py-2 first:pl-3 last:pr-3"
      framed
      busy={busy}
    />
  );
}

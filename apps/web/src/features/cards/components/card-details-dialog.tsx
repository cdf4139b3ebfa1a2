import { useState, type ReactNode } from 'react';
import type { CardResponse, QrFormat } from '@loyalty/contract';
import { Download, ExternalLink, MapPin } from 'lucide-react';
import { Badge, CardStatusBadge, TierBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatCents, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { DEFAULT_QR_SIZE, downloadCardQr } from '../api/qr-downloads';
import type { StoreOption } from '../hooks/use-store-options';
import { customerName } from '../lib/labels';
import { withDownloadToasts } from './download-feedback';
import { QrImage } from './qr-image';

const FORMATS: QrFormat[] = ['png', 'jpg', 'svg'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-1">{children}</div>
    </section>
  );
}

/**
 * 'Card Details' modal (spec §2): large QR with PNG / JPG / SVG downloads, status, balance,
 * customer information, assigned store, the tenant's store list, creation and activation dates,
 * and a link to the card's public page.
 */
export function CardDetailsDialog({ slug, card, stores, onClose }: { slug: string; card: CardResponse | null; stores: StoreOption[]; onClose: () => void }) {
  const [pending, setPending] = useState<QrFormat | null>(null);
  const name = customerName(card?.customer);

  async function download(format: QrFormat) {
    if (!card) return;
    setPending(format);
    await withDownloadToasts(() => downloadCardQr(slug, card.cardUid, format, DEFAULT_QR_SIZE), {
      success: 'QR code downloaded successfully',
      failure: 'Failed to download QR code',
      logPrefix: 'Failed to download QR code',
    });
    setPending(null);
  }

  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      size="lg"
      title="Card Details"
      description={card ? <span className="font-mono tracking-wider">{card.cardUid}</span> : undefined}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {card && (
        <div className="grid gap-6 sm:grid-cols-[minmax(0,15rem)_1fr]">
          <div className="flex flex-col items-center gap-3">
            <div className="rounded-xl border border-slate-200 bg-white p-3">
              <QrImage slug={slug} cardUid={card.cardUid} size={DEFAULT_QR_SIZE} className="h-52 w-52" />
            </div>
            <p className="font-mono text-base font-semibold tracking-wider text-slate-900">{card.cardUid}</p>
            <div className="flex w-full flex-col gap-1.5">
              <p className="text-center text-xs font-medium text-slate-500">Download QR code</p>
              <div className="grid grid-cols-3 gap-2">
                {FORMATS.map((format) => (
                  <Button
                    key={format}
                    variant="outline"
                    size="sm"
                    onClick={() => void download(format)}
                    loading={pending === format}
                    disabled={pending !== null && pending !== format}
                    aria-label={`Download QR code as ${format.toUpperCase()}`}
                  >
                    {pending !== format && <Download aria-hidden="true" className="h-3.5 w-3.5" />}
                    {format.toUpperCase()}
                  </Button>
                ))}
              </div>
            </div>
            <a
              href={card.qrUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-500"
            >
              Open public card page
              <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            </a>
          </div>

          <div className="space-y-5">
            <Section title="Card">
              <dl className="divide-y divide-slate-100">
                <Row label="Status">
                  <CardStatusBadge status={card.status} />
                </Row>
                <Row label="Balance">
                  <span className="text-base tabular-nums" data-testid="details-balance">
                    {formatCents(card.balanceCents)}
                  </span>
                </Row>
                <Row label="Assigned store">{card.storeName ?? 'Not assigned'}</Row>
                <Row label="Created">{formatDateTime(card.createdAt)}</Row>
                <Row label="Activated">{card.activatedAt ? formatDateTime(card.activatedAt) : 'Not activated'}</Row>
              </dl>
            </Section>

            <Section title="Customer">
              {card.customer ? (
                <dl className="divide-y divide-slate-100">
                  <Row label="Name">{name}</Row>
                  <Row label="Email">{card.customer.email ?? '—'}</Row>
                  <Row label="Phone">{card.customer.phone ?? '—'}</Row>
                  <Row label="Tier">
                    <TierBadge tier={card.customer.tier} />
                  </Row>
                  <Row label="Total spend">{formatCents(card.customer.totalSpendCents)}</Row>
                </dl>
              ) : (
                <p className="py-1.5 text-sm italic text-slate-500">Unassigned: no customer yet.</p>
              )}
            </Section>

            {stores.length > 0 && (
              <Section title="Stores">
                <ul className="mt-1 space-y-1.5">
                  {stores.map((s) => {
                    const current = s.id === card.storeId;
                    return (
                      <li
                        key={s.id}
                        className={cn('flex items-start gap-2 rounded-lg border px-3 py-2 text-sm', current ? 'border-indigo-200 bg-indigo-50/60' : 'border-slate-200')}
                      >
                        <MapPin aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', current ? 'text-indigo-600' : 'text-slate-400')} />
                        <div className="min-w-0 flex-1">
                          <p className="font-medium text-slate-900">{s.name}</p>
                          {s.address && <p className="truncate text-xs text-slate-600">{s.address}</p>}
                        </div>
                        {current && <Badge color="indigo">Assigned</Badge>}
                        {s.active === false && <Badge color="grey">Inactive</Badge>}
                      </li>
                    );
                  })}
                </ul>
              </Section>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

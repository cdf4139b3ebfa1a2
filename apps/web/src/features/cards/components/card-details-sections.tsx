import { useState, type ReactNode } from 'react';
import type { CardResponse, QrFormat } from '@loyalty/contract';
import { Download, ExternalLink, Mail, MapPin } from 'lucide-react';
import { toast } from 'react-toastify';
import { AddToAppleWallet, SaveToGoogleWallet } from '@/components/add-to-wallet';
import { Badge, CardStatusBadge, TierBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatCents, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useEmailWalletLinks } from '../api/email-wallet-links';
import { DEFAULT_QR_SIZE, downloadCardQr } from '../api/qr-downloads';
import type { StoreOption } from '../hooks/use-store-options';
import { customerName } from '../lib/labels';
import { withDownloadToasts } from './download-feedback';
import { QrImage } from './qr-image';
import { FactRow } from '@/components/ui/facts';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

const FORMATS: QrFormat[] = ['png', 'jpg', 'svg'];

const Row = FactRow;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-1">{children}</div>
    </section>
  );
}

/** PNG / JPG / SVG download buttons for one card's QR code (default size); one download at a time, toasts. */
function QrDownloadButtons({ slug, cardUid }: { slug: string; cardUid: string }) {
  const t = useMessages(cardsMessages);
  const [pending, setPending] = useState<QrFormat | null>(null);

  async function download(format: QrFormat) {
    setPending(format);
    await withDownloadToasts(() => downloadCardQr(slug, cardUid, format, DEFAULT_QR_SIZE), {
      success: t('qrDownloaded'),
      failure: t('qrDownloadFailed'),
      logPrefix: 'Failed to download QR code',
    });
    setPending(null);
  }

  return (
    <div className="grid grid-cols-3 gap-2">
      {FORMATS.map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          onClick={() => void download(format)}
          loading={pending === format}
          disabled={pending !== null && pending !== format}
          aria-label={t('downloadQrAs', { format: format.toUpperCase() })}
        >
          {pending !== format && <Download aria-hidden="true" className="h-3.5 w-3.5" />}
          {format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}

/**
 * 'E-mail wallet links': asks the server to e-mail the card's holder the links that put the card
 * in their phone's wallet (docs/product.md 'Wallet passes'); toasts 'Wallet links sent to {email}'
 * or the server's refusal (no e-mail address, unsubscribed, too many in an hour).
 */
function EmailWalletLinksButton({ slug, cardUid }: { slug: string; cardUid: string }) {
  const t = useMessages(cardsMessages);
  const mutation = useEmailWalletLinks(slug);
  function send() {
    mutation.mutate(cardUid, {
      onSuccess: ({ sentTo }) => toast.success(t('walletLinksSent', { email: sentTo })),
      onError: (err) => toast.error(errorMessage(err, t('walletLinksFailed'))),
    });
  }
  return (
    <Button variant="outline" className="w-full" onClick={send} loading={mutation.isPending}>
      {!mutation.isPending && <Mail aria-hidden="true" className="h-4 w-4" />}
      {t('emailWalletLinks')}
    </Button>
  );
}

/**
 * Left column of 'Card Details': the large QR, the card UID, QR downloads, an active card's Apple
 * Wallet pass and, when it has a holder, 'E-mail wallet links', and the link to the public card page.
 */
export function CardQrPanel({ slug, card }: { slug: string; card: CardResponse }) {
  const t = useMessages(cardsMessages);
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="rounded-xl border border-slate-200 bg-white p-3">
        <QrImage slug={slug} cardUid={card.cardUid} size={DEFAULT_QR_SIZE} className="h-52 w-52" />
      </div>
      <p className="font-mono text-base font-semibold tracking-wider text-slate-900">{card.cardUid}</p>
      <div className="flex w-full flex-col gap-1.5">
        <p className="text-center text-xs font-medium text-slate-500">{t('downloadQrCode')}</p>
        <QrDownloadButtons slug={slug} cardUid={card.cardUid} />
      </div>
      {card.status === 'ACTIVE' && (
        <>
          <AddToAppleWallet href={`/api/t/${encodeURIComponent(slug)}/cards/${encodeURIComponent(card.cardUid)}/wallet/apple`} className="w-full" />
          <SaveToGoogleWallet source={{ kind: 'staff', slug, cardUid: card.cardUid }} className="w-full" />
        </>
      )}
      {card.status === 'ACTIVE' && card.customer && <EmailWalletLinksButton slug={slug} cardUid={card.cardUid} />}
      <a
        href={card.qrUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-500"
      >
        {t('openPublicPage')}
        <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
      </a>
    </div>
  );
}

/** 'Card' section: status, balance (cents, formatted), assigned store, creation and activation dates. */
export function CardFactsSection({ card }: { card: CardResponse }) {
  const t = useMessages(cardsMessages);
  return (
    <Section title={t('sectionCard')}>
      <dl className="divide-y divide-slate-100">
        <Row label={t('status')}>
          <CardStatusBadge status={card.status} />
        </Row>
        <Row label={t('balance')}>
          <span className="text-base tabular-nums" data-testid="details-balance">
            {formatCents(card.balanceCents)}
          </span>
        </Row>
        <Row label={t('assignedStore')}>{card.storeName ?? t('notAssigned')}</Row>
        <Row label={t('created')}>{formatDateTime(card.createdAt)}</Row>
        <Row label={t('activated')}>{card.activatedAt ? formatDateTime(card.activatedAt) : t('notActivated')}</Row>
      </dl>
    </Section>
  );
}

/** 'Customer' section: the card holder's contact data, tier and total spend, or an 'Unassigned' note. */
export function CardCustomerSection({ customer }: { customer: CardResponse['customer'] }) {
  const t = useMessages(cardsMessages);
  return (
    <Section title={t('sectionCustomer')}>
      {customer ? (
        <dl className="divide-y divide-slate-100">
          <Row label={t('name')}>{customerName(customer)}</Row>
          <Row label={t('email')}>{customer.email ?? '—'}</Row>
          <Row label={t('phone')}>{customer.phone ?? '—'}</Row>
          <Row label={t('tier')}>
            <TierBadge tier={customer.tier} />
          </Row>
          <Row label={t('totalSpend')}>{formatCents(customer.totalSpendCents)}</Row>
        </dl>
      ) : (
        <p className="py-1.5 text-sm italic text-slate-500">{t('noCustomer')}</p>
      )}
    </Section>
  );
}

/** 'Stores' section: the tenant's stores, the card's own store highlighted as 'Assigned', inactive ones badged. */
export function CardStoresSection({ stores, storeId }: { stores: StoreOption[]; storeId: CardResponse['storeId'] }) {
  const t = useMessages(cardsMessages);
  return (
    <Section title={t('sectionStores')}>
      <ul className="mt-1 space-y-1.5">
        {stores.map((s) => {
          const current = s.id === storeId;
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
              {current && <Badge color="indigo">{t('assigned')}</Badge>}
              {s.active === false && <Badge color="grey">{t('inactive')}</Badge>}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

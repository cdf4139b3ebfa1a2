import type { ReactNode } from 'react';
import type { PublicCardResponse } from '@loyalty/contract';
import { CalendarCheck, Crown, Mail, Phone, Store } from 'lucide-react';
import { TierBadge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 py-3">
      <dt className="flex shrink-0 items-center gap-3 text-sm text-slate-500">
        <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="ml-auto min-w-0 text-right text-sm font-medium [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Customer info and card facts of a full public card: tier badge, email and phone
 * when present, assigned store, activation date.
 */
export function CardDetails({ card }: { card: PublicCardResponse }) {
  const t = useMessages(publicCardMessages);
  const customer = card.customer ?? null;
  const icon = 'h-4 w-4';
  return (
    <section aria-labelledby="card-details-title" className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
      <h2 id="card-details-title" className="pt-4 text-sm font-semibold text-slate-900">
        {t('detailsTitle')}
      </h2>
      <dl className="divide-y divide-slate-100">
        {customer && (
          <Row icon={<Crown className={icon} />} label={t('memberTier')}>
            <TierBadge tier={customer.tier} />
          </Row>
        )}
        {customer?.email && (
          <Row icon={<Mail className={icon} />} label={t('email')}>
            <span title={customer.email}>{customer.email}</span>
          </Row>
        )}
        {customer?.phone && (
          <Row icon={<Phone className={icon} />} label={t('phone')}>
            {customer.phone}
          </Row>
        )}
        <Row icon={<Store className={icon} />} label={t('store')}>
          {card.storeName ?? <span className="font-normal text-slate-500">{t('notAssigned')}</span>}
        </Row>
        <Row icon={<CalendarCheck className={icon} />} label={t('activated')}>
          {card.activatedAt ? formatDate(card.activatedAt) : <span className="font-normal text-slate-500">{t('notActivatedYet')}</span>}
        </Row>
      </dl>
    </section>
  );
}

import type { ReactNode } from 'react';
import type { CustomerDetail, CustomerListItem } from '@loyalty/contract';
import { Cake, CalendarDays, CreditCard, Mail, Phone, PlusCircle, Store, UserPlus, Wallet, type LucideIcon } from 'lucide-react';
import { CardStatusBadge, TierBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatBirthday } from '@/lib/birthday';
import { formatCents, formatDate } from '@/lib/format';
import type { useCustomer } from '../api/get-customer';
import { fullName } from '../lib/labels';
import { CustomerAvatar } from './customer-avatar';
import { FactTile } from '@/components/ui/facts';
import { useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/** One loyalty card of a customer, as GET /customers/{id} lists it. */
type CustomerCard = CustomerDetail['cards'][number];

const Fact = FactTile;

/** A titled block of the 'Customer Details' modal. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/**
 * Avatar, name, tier and member-since date, then the Total Spend (cents, formatted), Active Cards,
 * Birthday ('March 14', 'Not given') and Referral code facts.
 */
export function CustomerSummary({ c }: { c: CustomerListItem }) {
  const t = useMessages(customersMessages);
  return (
    <>
      <div className="flex items-center gap-4">
        <CustomerAvatar customer={c} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold text-slate-900" data-testid="details-name">
            {fullName(c)}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <TierBadge tier={c.tier} />
            <span>{t('detailsMemberSince', { date: formatDate(c.createdAt) })}</span>
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3">
        <Fact icon={<Wallet aria-hidden="true" className="h-3.5 w-3.5" />} label={t('detailsTotalSpend')}>
          {formatCents(c.totalSpendCents)}
        </Fact>
        <Fact icon={<CreditCard aria-hidden="true" className="h-3.5 w-3.5" />} label={t('detailsActiveCards')}>
          {c.activeCards}
        </Fact>
        <Fact icon={<Cake aria-hidden="true" className="h-3.5 w-3.5" />} label={t('detailsBirthday')}>
          {c.birthday ? formatBirthday(c.birthday) : <span className="font-normal italic text-slate-500">{t('detailsNoBirthday')}</span>}
        </Fact>
        <Fact icon={<UserPlus aria-hidden="true" className="h-3.5 w-3.5" />} label={t('detailsReferralCode')}>
          <span className="font-mono tracking-wider">{c.referralCode}</span>
        </Fact>
      </dl>
    </>
  );
}

/** One contact line: an icon with the field's name for screen readers, and the value or `missing` in italics. */
function ContactRow({ icon: Icon, label, value, missing }: { icon: LucideIcon; label: string; value: string | null; missing: string }) {
  return (
    <div className="flex items-center gap-2">
      <dt className="flex items-center gap-2 text-slate-500">
        <Icon aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 truncate text-slate-900">{value ?? <span className="italic text-slate-500">{missing}</span>}</dd>
    </div>
  );
}

/** E-mail and phone, with 'No email' / 'No phone' when missing (the labels are for screen readers). */
export function CustomerContact({ c }: { c: CustomerListItem }) {
  const t = useMessages(customersMessages);
  return (
    <dl className="space-y-2 text-sm">
      <ContactRow icon={Mail} label={t('detailsEmail')} value={c.email} missing={t('detailsNoEmail')} />
      <ContactRow icon={Phone} label={t('detailsPhone')} value={c.phone} missing={t('detailsNoPhone')} />
    </dl>
  );
}

/** One card row: UID, store, activation date, balance (cents, formatted), status; 'Add Funds' on ACTIVE cards. */
function CustomerCardRow({ card, onAddFunds }: { card: CustomerCard; onAddFunds: (card: CustomerCard) => void }) {
  const t = useMessages(customersMessages);
  return (
    <li data-testid="customer-card" className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
      <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
        <CreditCard className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm font-semibold tracking-wider text-slate-900">{card.cardUid}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500">
          <span className="flex items-center gap-1">
            <Store aria-hidden="true" className="h-3 w-3 shrink-0" />
            {card.storeName ?? t('detailsNoStore')}
          </span>
          {card.activatedAt && (
            <span className="flex items-center gap-1 whitespace-nowrap">
              <CalendarDays aria-hidden="true" className="h-3 w-3 shrink-0" />
              {t('detailsActivated', { date: formatDate(card.activatedAt) })}
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="card-balance">
          {formatCents(card.balanceCents)}
        </span>
        <CardStatusBadge status={card.status} />
      </div>
      {card.status === 'ACTIVE' && (
        <Button
          size="sm"
          variant="outline"
          className="shrink-0 max-sm:w-full"
          aria-label={t('detailsAddFundsLabel', { uid: card.cardUid })}
          onClick={() => onAddFunds(card)}
        >
          <PlusCircle aria-hidden="true" className="h-4 w-4" />
          {t('detailsAddFunds')}
        </Button>
      )}
    </li>
  );
}

/**
 * The customer's loyalty cards from GET /customers/{id}: spinner while loading, an error with 'Try
 * again', an empty note, or the list; `onAddFunds` opens 'Add Funds to Card' for an ACTIVE card.
 */
export function CustomerCardList({ detail, onAddFunds }: { detail: ReturnType<typeof useCustomer>; onAddFunds: (card: CustomerCard) => void }) {
  const t = useMessages(customersMessages);
  if (detail.isPending)
    return (
      <div className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500">
        <Spinner label={t('detailsLoadingCards')} />
        {t('detailsLoadingCardsEllipsis')}
      </div>
    );
  if (detail.isError) return <LoadError title={t('detailsCardsFailed')} query={detail} fallback={t('detailsCardsFailedFallback')} compact />;
  if (detail.data.cards.length === 0)
    return <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{t('detailsNoCards')}</p>;
  return (
    <ul className="space-y-2" aria-label={t('detailsCardsList')}>
      {detail.data.cards.map((card) => (
        <CustomerCardRow key={card.id} card={card} onAddFunds={onAddFunds} />
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';
import type { PlatformTenant } from '@loyalty/contract';
import { CreditCard, Store, UserCog, Users } from 'lucide-react';
import { Badge, SubscriptionBadge } from '@/components/ui/badge';
import { formatDate, formatDateTime } from '@/lib/format';
import { cardsUsage, ownerName, planLabel } from './labels';
import { FactTile } from '@/components/ui/facts';

/** A count tile of the tenant's details. */
function Count({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <FactTile icon={icon} label={label}>
      {value}
    </FactTile>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-100 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <dl className="mt-1 grid gap-x-6 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

const yesNo = (v: boolean) => (v ? <Badge color="green">Yes</Badge> : <Badge color="red">No</Badge>);
const unlimitedOr = (n: number) => (n < 0 ? 'Unlimited' : n.toLocaleString('en-US'));

/** The tenant's name (test id `details-name`), /t/{slug} and subscription badge, then its counts: cards used / limit, stores, staff, customers. */
export function TenantDetailsHeading({ t }: { t: PlatformTenant }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold text-slate-900" data-testid="details-name">
            {t.name}
          </p>
          <p className="mt-0.5 font-mono text-sm text-slate-500">/t/{t.slug}</p>
        </div>
        <SubscriptionBadge status={t.subscriptionStatus} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count icon={<CreditCard aria-hidden="true" className="h-3.5 w-3.5" />} label="Cards" value={cardsUsage(t)} />
        <Count icon={<Store aria-hidden="true" className="h-3.5 w-3.5" />} label="Stores" value={t._count.stores.toLocaleString('en-US')} />
        <Count icon={<UserCog aria-hidden="true" className="h-3.5 w-3.5" />} label="Staff" value={t._count.users.toLocaleString('en-US')} />
        <Count icon={<Users aria-hidden="true" className="h-3.5 w-3.5" />} label="Customers" value={t.customersCount.toLocaleString('en-US')} />
      </dl>
    </>
  );
}

/** 'Owner' section: the active Store Admin's name and email, or 'No active Store Admin'. */
export function TenantOwnerSection({ t }: { t: PlatformTenant }) {
  return (
    <Section title="Owner">
      {t.owner ? (
        <>
          <Row label="Name">{ownerName(t)}</Row>
          <Row label="Email">{t.owner.email}</Row>
        </>
      ) : (
        <Row label="Owner">
          <span className="italic text-slate-500">No active Store Admin</span>
        </Row>
      )}
    </Section>
  );
}

/**
 * 'Subscription' section: status, plan, card limit / used / remaining (−1 →
 * 'Unlimited'), free-trial limit, trial and grace ends, Can transact and Subscription required.
 */
export function TenantSubscriptionSection({ t }: { t: PlatformTenant }) {
  return (
    <Section title="Subscription">
      <Row label="Status">
        <SubscriptionBadge status={t.subscriptionStatus} /> <span className="ml-1 font-mono text-xs text-slate-500">{t.subscriptionStatus}</span>
      </Row>
      <Row label="Plan">{planLabel(t)}</Row>
      <Row label="Card limit">{unlimitedOr(t.subscriptionInfo.cardLimit)}</Row>
      <Row label="Cards used">{t.subscriptionInfo.cardsUsed.toLocaleString('en-US')}</Row>
      <Row label="Cards remaining">{unlimitedOr(t.subscriptionInfo.cardsRemaining)}</Row>
      <Row label="Free trial limit">{t.freeTrialLimit.toLocaleString('en-US')} activations</Row>
      <Row label="Trial ends">{formatDateTime(t.trialEndsAt)}</Row>
      <Row label="Grace period ends">{formatDateTime(t.graceEndsAt)}</Row>
      <Row label="Can transact">{yesNo(t.canTransact)}</Row>
      <Row label="Subscription required">{t.subscriptionRequired ? <Badge color="orange">Yes</Badge> : <Badge color="grey">No</Badge>}</Row>
    </Section>
  );
}

/** 'Record' section: the tenant's id and creation date. */
export function TenantRecordSection({ t }: { t: PlatformTenant }) {
  return (
    <Section title="Record">
      <Row label="Tenant ID">
        <span className="font-mono text-xs">{t.id}</span>
      </Row>
      <Row label="Created">{formatDate(t.createdAt)}</Row>
    </Section>
  );
}

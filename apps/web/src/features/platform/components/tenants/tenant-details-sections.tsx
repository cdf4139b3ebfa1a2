import type { ReactNode } from 'react';
import type { PlatformTenant } from '@loyalty/contract';
import { CreditCard, Store, UserCog, Users } from 'lucide-react';
import { Badge, SubscriptionBadge } from '@/components/ui/badge';
import { formatDate, formatDateTime } from '@/lib/format';
import { translate, useMessages } from '@/lib/i18n';
import { tenantDialogsMessages } from '../../messages-tenant-dialogs';
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

const yesNo = (v: boolean) =>
  v ? <Badge color="green">{translate(tenantDialogsMessages, 'yes')}</Badge> : <Badge color="red">{translate(tenantDialogsMessages, 'no')}</Badge>;
const unlimitedOr = (n: number) => (n < 0 ? translate(tenantDialogsMessages, 'unlimited') : n.toLocaleString('en-US'));

/** The tenant's name (test id `details-name`), /t/{slug} and subscription badge, then its counts: cards used / limit, stores, staff, customers. */
export function TenantDetailsHeading({ tenant }: { tenant: PlatformTenant }) {
  const t = useMessages(tenantDialogsMessages);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold text-slate-900" data-testid="details-name">
            {tenant.name}
          </p>
          <p className="mt-0.5 font-mono text-sm text-slate-500">{t('tenantAddress', { slug: tenant.slug })}</p>
        </div>
        <SubscriptionBadge status={tenant.subscriptionStatus} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count icon={<CreditCard aria-hidden="true" className="h-3.5 w-3.5" />} label={t('countCards')} value={cardsUsage(tenant)} />
        <Count icon={<Store aria-hidden="true" className="h-3.5 w-3.5" />} label={t('countStores')} value={tenant._count.stores.toLocaleString('en-US')} />
        <Count icon={<UserCog aria-hidden="true" className="h-3.5 w-3.5" />} label={t('countStaff')} value={tenant._count.users.toLocaleString('en-US')} />
        <Count icon={<Users aria-hidden="true" className="h-3.5 w-3.5" />} label={t('countCustomers')} value={tenant.customersCount.toLocaleString('en-US')} />
      </dl>
    </>
  );
}

/** 'Owner' section: the active Store Admin's name and email, or 'No active Store Admin'. */
export function TenantOwnerSection({ tenant }: { tenant: PlatformTenant }) {
  const t = useMessages(tenantDialogsMessages);
  return (
    <Section title={t('ownerSection')}>
      {tenant.owner ? (
        <>
          <Row label={t('ownerName')}>{ownerName(tenant)}</Row>
          <Row label={t('ownerEmailRow')}>{tenant.owner.email}</Row>
        </>
      ) : (
        <Row label={t('ownerRow')}>
          <span className="italic text-slate-500">{t('noActiveAdmin')}</span>
        </Row>
      )}
    </Section>
  );
}

/**
 * 'Subscription' section: status, plan, card limit / used / remaining (−1 →
 * 'Unlimited'), free-trial limit, trial and grace ends, Can transact and Subscription required.
 */
export function TenantSubscriptionSection({ tenant }: { tenant: PlatformTenant }) {
  const t = useMessages(tenantDialogsMessages);
  const info = tenant.subscriptionInfo;
  return (
    <Section title={t('subscriptionSection')}>
      <Row label={t('status')}>
        <SubscriptionBadge status={tenant.subscriptionStatus} /> <span className="ml-1 font-mono text-xs text-slate-500">{tenant.subscriptionStatus}</span>
      </Row>
      <Row label={t('plan')}>{planLabel(tenant)}</Row>
      <Row label={t('cardLimit')}>{unlimitedOr(info.cardLimit)}</Row>
      <Row label={t('cardsUsed')}>{info.cardsUsed.toLocaleString('en-US')}</Row>
      <Row label={t('cardsRemaining')}>{unlimitedOr(info.cardsRemaining)}</Row>
      <Row label={t('freeTrialLimit')}>{t('freeTrialActivations', { n: tenant.freeTrialLimit.toLocaleString('en-US') })}</Row>
      <Row label={t('trialEnds')}>{formatDateTime(tenant.trialEndsAt)}</Row>
      <Row label={t('graceEnds')}>{formatDateTime(tenant.graceEndsAt)}</Row>
      <Row label={t('canTransact')}>{yesNo(tenant.canTransact)}</Row>
      <Row label={t('subscriptionRequired')}>
        {tenant.subscriptionRequired ? <Badge color="orange">{t('yes')}</Badge> : <Badge color="grey">{t('no')}</Badge>}
      </Row>
    </Section>
  );
}

/** 'Record' section: the tenant's id and creation date. */
export function TenantRecordSection({ tenant }: { tenant: PlatformTenant }) {
  const t = useMessages(tenantDialogsMessages);
  return (
    <Section title={t('recordSection')}>
      <Row label={t('tenantId')}>
        <span className="font-mono text-xs">{tenant.id}</span>
      </Row>
      <Row label={t('created')}>{formatDate(tenant.createdAt)}</Row>
    </Section>
  );
}

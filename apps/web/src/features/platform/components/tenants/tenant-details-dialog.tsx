import type { ReactNode } from 'react';
import type { PlatformTenant } from '@loyalty/contract';
import { CreditCard, LayoutDashboard, Pencil, Store, UserCog, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, SubscriptionBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { cardsUsage, ownerName, planLabel } from './labels';

function Count({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
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

/**
 * 'Tenant Details' dialog (spec §2 'Platform area', §3 'Tenant'): name, slug, status badge,
 * counts (cards used / limit, stores, staff, customers), the owner, the subscription facts
 * (plan, card limit and remaining, free-trial limit, trial end, grace end, whether it may
 * transact or needs a subscription), id and creation date, and a link that opens the tenant's
 * own dashboard /t/{slug}/dashboard (platform_admin may enter any tenant).
 */
export function TenantDetailsDialog({ tenant, onClose, onEdit }: { tenant: PlatformTenant | null; onClose: () => void; onEdit: (tenant: PlatformTenant) => void }) {
  const t = tenant;
  return (
    <Dialog
      open={t !== null}
      onClose={onClose}
      size="lg"
      title="Tenant Details"
      footer={
        t && (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button variant="outline" onClick={() => onEdit(t)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit Tenant
            </Button>
            <Link
              to={paths.tenant.dashboard(t.slug)}
              className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
              Open Tenant Dashboard
            </Link>
          </>
        )
      }
    >
      {t && (
        <div className="space-y-6">
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

          <Section title="Subscription">
            <Row label="Status">
              <SubscriptionBadge status={t.subscriptionStatus} /> <span className="ml-1 font-mono text-xs text-slate-500">{t.subscriptionStatus}</span>
            </Row>
            <Row label="Plan">{planLabel(t)}</Row>
            <Row label="Card limit">{t.subscriptionInfo.cardLimit < 0 ? 'Unlimited' : t.subscriptionInfo.cardLimit.toLocaleString('en-US')}</Row>
            <Row label="Cards used">{t.subscriptionInfo.cardsUsed.toLocaleString('en-US')}</Row>
            <Row label="Cards remaining">{t.subscriptionInfo.cardsRemaining < 0 ? 'Unlimited' : t.subscriptionInfo.cardsRemaining.toLocaleString('en-US')}</Row>
            <Row label="Free trial limit">{t.freeTrialLimit.toLocaleString('en-US')} activations</Row>
            <Row label="Trial ends">{formatDateTime(t.trialEndsAt)}</Row>
            <Row label="Grace period ends">{formatDateTime(t.graceEndsAt)}</Row>
            <Row label="Can transact">{yesNo(t.canTransact)}</Row>
            <Row label="Subscription required">{t.subscriptionRequired ? <Badge color="orange">Yes</Badge> : <Badge color="grey">No</Badge>}</Row>
          </Section>

          <Section title="Record">
            <Row label="Tenant ID">
              <span className="font-mono text-xs">{t.id}</span>
            </Row>
            <Row label="Created">{formatDate(t.createdAt)}</Row>
          </Section>
        </div>
      )}
    </Dialog>
  );
}

import type { TenantResponse } from '@loyalty/contract';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useTenant } from '@/api/get-tenant';
import { useDemoPayments } from '@/api/use-demo-payments';
import { usePaymentMethods } from '../api/billing';
import { CardFormDialog } from '../components/card-form-dialog';
import { InvoicesTab } from '../components/invoices-tab';
import { OverviewTab } from '../components/overview-tab';
import { SubscribeDialog } from '../components/subscribe-dialog';
import { PaymentMethodsTab } from '../components/payment-methods-tab';
import { PlansTab } from '../components/plans-tab';
import { UsageTab } from '../components/usage-tab';
import { useBillingActions, type BillingFlash } from '../hooks/use-billing-actions';
import { BILLING_TABS, useBillingTab } from '../hooks/use-billing-tab';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/**
 * /t/{slug}/billing (tenant_admin): query-string banners (success / canceled / updated / demo), the
 * notice 'Demo payments: no money is taken' while the Demo provider runs, tabs Overview, Plans,
 * Payment Methods, Usage, Invoices, the subscribe modal and the card form. The open tab lives in
 * the address (`?tab=`; Overview when absent), so the Demo 'Manage Settings' portal
 * (`/t/{slug}/billing?tab=payment-methods`) and reloads open the right tab. 'Manage Settings' asks
 * GET /billing/portal and goes to its url (Stripe's portal, or that tab under Demo).
 */
export function BillingPage() {
  const { slug = '' } = useParams();
  const tenant = useTenant(slug);
  const actions = useBillingActions(slug);
  const [addOpen, setAddOpen] = useState(false);
  const t = useMessages(billingMessages);

  const header = <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />;
  if (tenant.isPending)
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  if (tenant.isError)
    return (
      <>
        {header}
        <Alert tone="error">{t('loadFailed')}</Alert>
      </>
    );

  return (
    <div className="space-y-6">
      {header}
      <BillingBanners slug={slug} flash={actions.flash} />
      <BillingTabs slug={slug} tenant={tenant.data} actions={actions} onAddCard={() => setAddOpen(true)} />
      <SubscribeDialog
        slug={slug}
        plan={actions.planToBuy}
        processing={actions.subscribing}
        onClose={() => actions.setPlanToBuy(null)}
        onConfirm={actions.confirmSubscribe}
        onCardAdded={actions.notify}
      />
      <CardFormDialog slug={slug} open={addOpen} onClose={() => setAddOpen(false)} onAdded={actions.notify} />
    </div>
  );
}

/** The messages above the tabs: the query-string banners (success / canceled / updated / demo), the action message and the Demo payments notice. */
function BillingBanners({ slug, flash }: { slug: string; flash: BillingFlash }) {
  const [params] = useSearchParams();
  const demoPayments = useDemoPayments(slug);
  const t = useMessages(billingMessages);
  return (
    <div className="space-y-3">
      {params.get('success') === 'true' && <Alert tone="success">{t('bannerSuccess')}</Alert>}
      {params.get('canceled') === 'true' && <Alert tone="error">{t('bannerCanceled')}</Alert>}
      {params.get('updated') === 'true' && <Alert tone="success">{t('bannerUpdated')}</Alert>}
      {params.get('demo') === 'true' && <Alert tone="info">{t('bannerDemo')}</Alert>}
      {flash && <Alert tone={flash.tone}>{flash.text}</Alert>}
      {demoPayments && <DemoPaymentsNotice />}
    </div>
  );
}

/** The billing tabs (the open one in `?tab=`) and the content of the open tab, wired to the page's actions. */
function BillingTabs({
  slug,
  tenant,
  actions,
  onAddCard,
}: {
  slug: string;
  tenant: TenantResponse;
  actions: ReturnType<typeof useBillingActions>;
  onAddCard: () => void;
}) {
  const [tab, setTab] = useBillingTab();
  const methods = usePaymentMethods(slug);
  const t = useMessages(billingMessages);
  return (
    <Tabs
      items={BILLING_TABS.map((x) => ({ value: x.value, label: t(x.labelKey) }))}
      value={tab}
      onChange={setTab}
      label={t('sections')}
      className="[&_[role=tablist]]:overflow-x-auto max-sm:[&_[role=tablist]]:auto-cols-max"
    >
      {tab === 'overview' && (
        <OverviewTab slug={slug} tenant={tenant} onUpgrade={actions.setPlanToBuy} onManage={actions.onManage} managing={actions.managing} />
      )}
      {tab === 'plans' && <PlansTab slug={slug} tenant={tenant} processingPlanId={actions.processingPlanId} onSelect={actions.setPlanToBuy} />}
      {tab === 'payment-methods' && (
        <PaymentMethodsTab
          methods={methods.data}
          isPending={methods.isPending}
          isError={methods.isError}
          busy={actions.methodBusy}
          onAdd={onAddCard}
          onSetDefault={actions.onSetDefault}
          onRemove={actions.onRemove}
        />
      )}
      {tab === 'usage' && <UsageTab slug={slug} />}
      {tab === 'invoices' && <InvoicesTab slug={slug} active={tenant.subscriptionStatus === 'ACTIVE'} />}
    </Tabs>
  );
}

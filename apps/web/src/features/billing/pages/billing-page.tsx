import type { BillingPlan } from '@loyalty/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { useTenant } from '@/api/get-tenant';
import { useDemoPayments } from '@/api/use-demo-payments';
import { useGoToUrl } from '@/hooks/use-go-to-url';
import { useBillingPortal, useRemovePaymentMethod, usePaymentMethods, useSetDefaultPaymentMethod, useSubscribe } from '../api/billing';
import { CardFormDialog } from '../components/card-form-dialog';
import { SubscribeDialog } from '../components/subscribe-dialog';
import { InvoicesTab, OverviewTab, PaymentMethodsTab, PlansTab, UsageTab } from '../components/tabs-content';

type TabValue = 'overview' | 'plans' | 'payment-methods' | 'usage' | 'invoices';
const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'plans', label: 'Plans' },
  { value: 'payment-methods', label: 'Payment Methods' },
  { value: 'usage', label: 'Usage' },
  { value: 'invoices', label: 'Invoices' },
] as const;

/** The tab named by `?tab=` (e.g. the Demo portal's `?tab=payment-methods`), else Overview. */
function tabOf(value: string | null): TabValue {
  return TABS.some((t) => t.value === value) ? (value as TabValue) : 'overview';
}

/** How long billing messages stay (spec §9 'Timings': 5000 ms). */
const MESSAGE_MS = 5000;

type Flash = { tone: 'success' | 'error'; text: string } | null;

/** The message of a failed subscribe (spec §8): the server's details (when text) or error, else the fallback. */
function subscribeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof error.details === 'string' && error.details) return error.details;
    if (error.message && error.status !== 0) return error.message;
  }
  return 'Payment failed. Please try again.';
}

/**
 * /t/{slug}/billing (spec §2 'Billing', §4 'Subscribe flow', §5 'Subscribe', §8 'Billing';
 * tenant_admin): query-string banners (success / canceled / updated / demo), the notice 'Demo
 * payments: no money is taken' while the Demo provider runs (issue 12 item 2), tabs Overview,
 * Plans, Payment Methods, Usage, Invoices, the subscribe modal and the card form. The open tab
 * lives in the address (`?tab=`; Overview when absent), so the Demo 'Manage Settings' portal
 * (`/t/{slug}/billing?tab=payment-methods`) and reloads open the right tab. 'Manage Settings'
 * asks GET /billing/portal and goes to its url (Stripe's portal, or that tab under Demo).
 */
export function BillingPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const portal = useBillingPortal(slug);
  const goTo = useGoToUrl();
  const tenant = useTenant(slug);
  const demoPayments = useDemoPayments(slug);
  const methods = usePaymentMethods(slug);
  const subscribe = useSubscribe(slug);
  const setDefault = useSetDefaultPaymentMethod(slug);
  const remove = useRemovePaymentMethod(slug);
  const tab = tabOf(params.get('tab'));
  const setTab = (next: TabValue) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'overview') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  const [planToBuy, setPlanToBuy] = useState<BillingPlan | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  function confirmSubscribe(plan: BillingPlan, paymentMethodId: string) {
    subscribe.mutate(
      { planId: plan.id, paymentMethodId },
      {
        onSuccess: (res) => {
          setPlanToBuy(null);
          if (res.checkoutUrl && !res.redirectUrl && !res.subscriptionId) {
            window.location.assign(res.checkoutUrl);
            return;
          }
          if (res.redirectUrl) {
            if (res.redirectUrl.startsWith('/')) navigate(res.redirectUrl);
            else window.location.assign(res.redirectUrl);
            return;
          }
          setFlash({ tone: 'success', text: 'Subscription activated successfully! Payment processed.' });
        },
        onError: (error) => {
          setPlanToBuy(null);
          setFlash({ tone: 'error', text: subscribeError(error) });
        },
      },
    );
  }

  function onManage() {
    portal.mutate(undefined, {
      onSuccess: (res) => goTo(res.url),
      onError: (error) => setFlash({ tone: 'error', text: errorMessage(error, 'Failed to open billing settings. Please try again.') }),
    });
  }

  function onRemove(id: string) {
    if (!window.confirm('Are you sure you want to remove this payment method?')) return;
    remove.mutate(id, {
      onSuccess: () => setFlash({ tone: 'success', text: 'Payment method removed successfully!' }),
      onError: () => setFlash({ tone: 'error', text: 'Failed to remove payment method. Please try again.' }),
    });
  }

  function onSetDefault(id: string) {
    setDefault.mutate(id, {
      onSuccess: () => setFlash({ tone: 'success', text: 'Default payment method updated successfully!' }),
      onError: () => setFlash({ tone: 'error', text: 'Failed to update default payment method. Please try again.' }),
    });
  }

  const header = <PageHeader title="Billing & Subscription" subtitle="Manage your subscription and billing information" />;
  if (tenant.isPending) return (
    <>
      {header}
      <PageSpinner />
    </>
  );
  if (tenant.isError) return (
    <>
      {header}
      <Alert tone="error">Failed to load billing information</Alert>
    </>
  );

  const t = tenant.data;
  const demo = params.get('demo') === 'true';
  return (
    <div className="space-y-6">
      {header}
      <div className="space-y-3">
        {params.get('success') === 'true' && <Alert tone="success">Subscription created successfully! Welcome to your new plan.</Alert>}
        {params.get('canceled') === 'true' && <Alert tone="error">Payment was canceled. You can try again anytime.</Alert>}
        {params.get('updated') === 'true' && <Alert tone="success">Subscription updated successfully!</Alert>}
        {demo && <Alert tone="info">Demo subscription activated! (Note: This is a demo mode - no payment was processed)</Alert>}
        {flash && <Alert tone={flash.tone}>{flash.text}</Alert>}
        {demoPayments && <DemoPaymentsNotice />}
      </div>
      <Tabs items={TABS} value={tab} onChange={setTab} label="Billing sections" className="[&_[role=tablist]]:overflow-x-auto max-sm:[&_[role=tablist]]:auto-cols-max">
        {tab === 'overview' && <OverviewTab slug={slug} tenant={t} onUpgrade={setPlanToBuy} onManage={onManage} managing={portal.isPending} />}
        {tab === 'plans' && <PlansTab slug={slug} tenant={t} processingPlanId={subscribe.isPending ? (subscribe.variables?.planId ?? null) : null} onSelect={setPlanToBuy} />}
        {tab === 'payment-methods' && (
          <PaymentMethodsTab
            methods={methods.data}
            isPending={methods.isPending}
            isError={methods.isError}
            busy={setDefault.isPending || remove.isPending}
            onAdd={() => setAddOpen(true)}
            onSetDefault={onSetDefault}
            onRemove={onRemove}
          />
        )}
        {tab === 'usage' && <UsageTab slug={slug} />}
        {tab === 'invoices' && <InvoicesTab slug={slug} active={t.subscriptionStatus === 'ACTIVE'} />}
      </Tabs>
      <SubscribeDialog
        slug={slug}
        plan={planToBuy}
        processing={subscribe.isPending}
        onClose={() => setPlanToBuy(null)}
        onConfirm={confirmSubscribe}
        onCardAdded={(text) => setFlash({ tone: 'success', text })}
      />
      <CardFormDialog slug={slug} open={addOpen} onClose={() => setAddOpen(false)} onAdded={(text) => setFlash({ tone: 'success', text })} />
    </div>
  );
}

import type { CheckoutView } from '@loyalty/contract';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatCents, formatDateTime } from '@/lib/format';
import { CHECKOUT_KIND_LABELS } from '@/lib/labels';
import { useDemoPayments } from '@/api/use-demo-payments';
import { useGoToUrl } from '@/hooks/use-go-to-url';
import type { useCheckoutAction } from '../api/checkout';
import { useMessages } from '@/lib/i18n';
import { checkoutMessages } from '../messages';

/**
 * The open checkout (docs/product.md 'Payments'): kind, description, amount (cents, formatCents) and
 * start time; the Demo payments notice; 'Pay {amount}' (then the returnUrl) and
 * 'Cancel' (then the cancelUrl), 'Processing...' / 'Canceling...' while running; a failure (409
 * texts from the server) in the panel. `action` is the page's useCheckoutAction: it must outlive
 * this panel, since a successful pay or cancel swaps the panel for a final state before the
 * redirect runs.
 */
export function CheckoutPanel({ slug, view, action }: { slug: string; view: CheckoutView; action: ReturnType<typeof useCheckoutAction> }) {
  const t = useMessages(checkoutMessages);
  const demoPayments = useDemoPayments(slug);
  const goTo = useGoToUrl();
  const amount = formatCents(view.amountCents);
  const busy = action.isPending;
  const run = (what: 'pay' | 'cancel') => action.mutate(what, { onSuccess: (done) => goTo(what === 'pay' ? done.returnUrl : done.cancelUrl) });

  return (
    <>
      <div className="border-b border-slate-100 px-6 py-5">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHECKOUT_KIND_LABELS[view.kind] ?? t('kindFallback')}</p>
        <h1 className="mt-1 text-base font-semibold text-slate-900" data-testid="checkout-description">
          {view.description}
        </h1>
        <p className="mt-3 text-3xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="checkout-amount">
          {amount}
        </p>
        <p className="mt-1 text-xs text-slate-500">{t('started', { date: formatDateTime(view.createdAt) })}</p>
      </div>
      <div className="space-y-4 px-6 py-5">
        {demoPayments && <DemoPaymentsNotice />}
        {action.isError && <Alert tone="error">{errorMessage(action.error, t('payFailed'))}</Alert>}
        <Button size="lg" className="w-full" onClick={() => run('pay')} disabled={busy} aria-busy={busy && action.variables === 'pay'}>
          {busy && action.variables === 'pay' ? t('processing') : t('pay', { amount })}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => run('cancel')} disabled={busy}>
          {busy && action.variables === 'cancel' ? t('canceling') : t('cancel')}
        </Button>
      </div>
    </>
  );
}

import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Lock, RotateCw, XCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Brand } from '@/components/brand';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api';
import { formatCents, formatDateTime } from '@/lib/format';
import { CHECKOUT_KIND_LABELS } from '@/lib/labels';
import { useDemoPayments } from '@/api/use-demo-payments';
import { useCheckout, useCheckoutAction } from '../api/checkout';
import { isExternalUrl, useGoToUrl } from '@/hooks/use-go-to-url';


const linkClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A link to a path of the app (router) or to an absolute address (full load). */
function GoLink({ to, children }: { to: string; children: ReactNode }) {
  if (isExternalUrl(to)) {
    return (
      <a href={to} className={linkClass}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** The page frame: grey backdrop, the brand, a centred white panel like a hosted payment page. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-100 px-4 py-8 sm:justify-center sm:py-12">
      <div className="w-full max-w-md">
        <div className="mb-5 flex items-center justify-between gap-3">
          <Brand />
          <Badge color="orange" data-testid="demo-badge">
            Demo checkout
          </Badge>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white shadow-lg">{children}</div>
        <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-slate-600">
          <Lock aria-hidden="true" className="h-3.5 w-3.5" />
          Demo payment provider · no card details are collected
        </p>
      </div>
    </main>
  );
}

/** A final or failure state of the panel: icon, heading, text and an action. */
function StateBox({ icon, title, children, action }: { icon: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      {icon}
      <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/**
 * /t/{slug}/checkout/{id}: the Demo provider's hosted checkout (decisions.md 'Payments'), shown
 * outside the tenant layout so that it looks like a payment page. 'Demo checkout' badge and,
 * while the Demo provider runs, 'Demo payments: no money is taken' above Pay (issue 12 item 2);
 * the description and amount; 'Pay {amount}' (then the checkout's returnUrl) and 'Cancel' (then
 * its cancelUrl); 'Processing...' while paying. States:
 * loading, not found, load error with retry, already paid (continue link), canceled, and an
 * action failure (409 texts from the server) shown in the panel.
 */
export function CheckoutPage() {
  const { slug = '', id = '' } = useParams();
  const checkout = useCheckout(slug, id);
  const action = useCheckoutAction(slug, id);
  const demoPayments = useDemoPayments(slug);
  const goTo = useGoToUrl();

  if (checkout.isPending) {
    return (
      <Frame>
        <div className="flex items-center justify-center gap-2 px-6 py-16 text-sm text-slate-500">
          <Spinner label="Loading checkout" className="text-indigo-600" />
          Loading checkout…
        </div>
      </Frame>
    );
  }

  if (checkout.isError) {
    const notFound = isApiError(checkout.error, 404);
    return (
      <Frame>
        <StateBox
          icon={<AlertCircle aria-hidden="true" className="h-12 w-12 text-red-500" />}
          title={notFound ? 'Checkout not found' : 'Failed to load checkout'}
          action={
            notFound ? (
              <GoLink to={paths.tenant.dashboard(slug)}>Back to dashboard</GoLink>
            ) : (
              <Button variant="outline" onClick={() => void checkout.refetch()} loading={checkout.isFetching}>
                <RotateCw aria-hidden="true" className="h-4 w-4" />
                Try again
              </Button>
            )
          }
        >
          {notFound ? 'This payment link is not valid or belongs to another account.' : errorMessage(checkout.error, 'Please try again.')}
        </StateBox>
      </Frame>
    );
  }

  const view = checkout.data;
  const amount = formatCents(view.amountCents);

  if (view.status === 'COMPLETED') {
    return (
      <Frame>
        <StateBox
          icon={<CheckCircle2 aria-hidden="true" className="h-12 w-12 text-green-600" />}
          title="This checkout is already paid"
          action={<GoLink to={view.returnUrl}>Continue</GoLink>}
        >
          {view.description} · {amount}
        </StateBox>
      </Frame>
    );
  }

  if (view.status === 'CANCELED') {
    return (
      <Frame>
        <StateBox
          icon={<XCircle aria-hidden="true" className="h-12 w-12 text-slate-400" />}
          title="This checkout was canceled"
          action={<GoLink to={view.cancelUrl}>Return</GoLink>}
        >
          No payment was made. {view.description} · {amount}
        </StateBox>
      </Frame>
    );
  }

  const busy = action.isPending;
  const run = (what: 'pay' | 'cancel') =>
    action.mutate(what, { onSuccess: (done) => goTo(what === 'pay' ? done.returnUrl : done.cancelUrl) });

  return (
    <Frame>
      <div className="border-b border-slate-100 px-6 py-5">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHECKOUT_KIND_LABELS[view.kind] ?? 'Payment'}</p>
        <h1 className="mt-1 text-base font-semibold text-slate-900" data-testid="checkout-description">
          {view.description}
        </h1>
        <p className="mt-3 text-3xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="checkout-amount">
          {amount}
        </p>
        <p className="mt-1 text-xs text-slate-500">Started {formatDateTime(view.createdAt)}</p>
      </div>
      <div className="space-y-4 px-6 py-5">
        {demoPayments && <DemoPaymentsNotice />}
        {action.isError && <Alert tone="error">{errorMessage(action.error, 'Payment failed. Please try again.')}</Alert>}
        <Button size="lg" className="w-full" onClick={() => run('pay')} disabled={busy} aria-busy={busy && action.variables === 'pay'}>
          {busy && action.variables === 'pay' ? 'Processing...' : `Pay ${amount}`}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => run('cancel')} disabled={busy}>
          {busy && action.variables === 'cancel' ? 'Canceling...' : 'Cancel'}
        </Button>
      </div>
    </Frame>
  );
}

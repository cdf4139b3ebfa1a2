import { AlertCircle, CheckCircle2, RotateCw, XCircle } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api';
import { formatCents } from '@/lib/format';
import { useCheckout, useCheckoutAction } from '../api/checkout';
import { CheckoutFrame, GoLink, StateBox } from '../components/checkout-frame';
import { CheckoutPanel } from '../components/checkout-panel';
import { useMessages } from '@/lib/i18n';
import { checkoutMessages } from '../messages';

/**
 * /t/{slug}/checkout/{id}: the Demo provider's hosted checkout (docs/product.md 'Payments'), shown
 * outside the tenant layout so that it looks like a payment page. 'Demo checkout' badge and,
 * while the Demo provider runs, 'Demo payments: no money is taken' above Pay;
 * the description and amount; 'Pay {amount}' (then the checkout's returnUrl) and 'Cancel' (then
 * its cancelUrl); 'Processing...' while paying. States:
 * loading, not found, load error with retry, already paid (continue link), canceled, and an
 * action failure (409 texts from the server) shown in the panel.
 */
export function CheckoutPage() {
  const t = useMessages(checkoutMessages);
  const { slug = '', id = '' } = useParams();
  const checkout = useCheckout(slug, id);
  // Here, not in the panel: a successful action swaps the panel out before its redirect runs.
  const action = useCheckoutAction(slug, id);

  if (checkout.isPending) {
    return (
      <CheckoutFrame>
        <div className="flex items-center justify-center gap-2 px-6 py-16 text-sm text-slate-500">
          <Spinner label={t('loading')} className="text-indigo-600" />
          {t('loadingText')}
        </div>
      </CheckoutFrame>
    );
  }
  if (checkout.isError) {
    const notFound = isApiError(checkout.error, 404);
    return (
      <CheckoutFrame>
        <StateBox
          icon={<AlertCircle aria-hidden="true" className="h-12 w-12 text-red-500" />}
          title={notFound ? t('notFoundTitle') : t('loadFailedTitle')}
          action={
            notFound ? (
              <GoLink to={paths.tenant.dashboard(slug)}>{t('backToDashboard')}</GoLink>
            ) : (
              <Button variant="outline" onClick={() => void checkout.refetch()} loading={checkout.isFetching}>
                <RotateCw aria-hidden="true" className="h-4 w-4" />
                {t('tryAgain')}
              </Button>
            )
          }
        >
          {notFound ? t('notFoundText') : errorMessage(checkout.error, t('loadFailedFallback'))}
        </StateBox>
      </CheckoutFrame>
    );
  }

  const view = checkout.data;
  const summary = `${view.description} · ${formatCents(view.amountCents)}`;
  return (
    <CheckoutFrame>
      {view.status === 'COMPLETED' ? (
        <StateBox
          icon={<CheckCircle2 aria-hidden="true" className="h-12 w-12 text-green-600" />}
          title={t('paidTitle')}
          action={<GoLink to={view.returnUrl}>{t('continue')}</GoLink>}
        >
          {summary}
        </StateBox>
      ) : view.status === 'CANCELED' ? (
        <StateBox
          icon={<XCircle aria-hidden="true" className="h-12 w-12 text-slate-400" />}
          title={t('canceledTitle')}
          action={<GoLink to={view.cancelUrl}>{t('return')}</GoLink>}
        >
          {t('canceledText', { summary })}
        </StateBox>
      ) : (
        <CheckoutPanel slug={slug} view={view} action={action} />
      )}
    </CheckoutFrame>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { CardOrder } from '@loyalty/contract';
import { X } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { useGoToUrl } from '@/hooks/use-go-to-url';
import { translate, useMessages } from '@/lib/i18n';
import { invalidateCardOrderData, useCardOrder, useCardOrderCheckout, useCardOrderPricing } from '../api/card-orders';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { OrderForm } from '../components/order-form';
import { OrdersList } from '../components/orders-list';
import { formatCount } from '@/lib/format';
import { cardOrdersMessages } from '../messages';

/** The '?paid={id}' and '?canceled={id}' banners of a return from the checkout. */
function ReturnBanner({ slug, paidId, canceledId, onDismiss }: { slug: string; paidId: string | null; canceledId: string | null; onDismiss: () => void }) {
  const paid = useCardOrder(slug, paidId, { pollWhilePending: true });
  const queryClient = useQueryClient();
  const t = useMessages(cardOrdersMessages);
  // When the order turns PAID while we wait (Stripe's webhook), refresh the list, cards and quota.
  const lastStatus = useRef<string | undefined>(undefined);
  const status = paid.data?.status;
  useEffect(() => {
    if (lastStatus.current === 'PENDING_PAYMENT' && status && status !== 'PENDING_PAYMENT') void invalidateCardOrderData(queryClient, slug);
    lastStatus.current = status;
  }, [status, queryClient, slug]);
  const dismiss = (
    <button type="button" onClick={onDismiss} aria-label={t('dismiss')} className="ml-auto rounded p-1 opacity-70 hover:opacity-100">
      <X aria-hidden="true" className="h-4 w-4" />
    </button>
  );
  if (paidId) {
    const quantity = paid.data?.quantity;
    const confirming = status === 'PENDING_PAYMENT';
    return (
      <div className="relative mb-6">
        <Alert tone="success">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pr-6">
            <span>{confirming ? t('paidConfirming') : quantity !== undefined ? t('paidAdded', { quantity: formatCount(quantity) }) : t('paid')}</span>
            <Link to={paths.tenant.cards(slug)} className="font-semibold underline underline-offset-2">
              {t('goToCards')}
            </Link>
          </div>
        </Alert>
        <div className="absolute right-2 top-2 text-green-800">{dismiss}</div>
      </div>
    );
  }
  if (canceledId) {
    return (
      <div className="relative mb-6">
        <Alert tone="warning">
          <span className="pr-6">{t('canceledBanner')}</span>
        </Alert>
        <div className="absolute right-2 top-2 text-amber-900">{dismiss}</div>
      </div>
    );
  }
  return null;
}

/**
 * /t/{slug}/card-orders 'Card Orders' (docs/product.md 'Card orders' banners link here;
 * tenant_admin): the price list as two card kinds with volume tiers, the order form with a live
 * price ('Order and pay' → checkout), and the orders with status, 'Pay now' and 'Cancel' (with
 * a confirmation that says what happens). Banners after the checkout: '?paid={id}' 'Payment
 * received. {quantity} cards were added to your account.' with a link to Cards; '?canceled={id}'
 * 'Payment canceled. Your order is waiting for payment.'
 */
export function CardOrdersPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const pricing = useCardOrderPricing();
  const payNow = useCardOrderCheckout(slug);
  const goTo = useGoToUrl();
  const [cancelling, setCancelling] = useState<CardOrder | null>(null);
  const t = useMessages(cardOrdersMessages);

  const paidId = params.get('paid');
  const canceledId = params.get('canceled');

  const dismissBanner = () =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete('paid');
        p.delete('canceled');
        return p;
      },
      { replace: true },
    );

  function onPay(order: CardOrder) {
    payNow.mutate(order.id, {
      onSuccess: (res) => goTo(res.checkoutUrl),
      onError: (error) => toast.error(errorMessage(error, translate(cardOrdersMessages, 'payFailed'))),
    });
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />
      <ReturnBanner slug={slug} paidId={paidId} canceledId={paidId ? null : canceledId} onDismiss={dismissBanner} />

      <section aria-label={t('yourOrders')} className="mb-8">
        <OrdersList
          slug={slug}
          pricing={pricing.data}
          actions={{ onPay, onCancel: setCancelling, payingId: payNow.isPending ? (payNow.variables ?? null) : null }}
        />
      </section>

      <section aria-labelledby="new-order-heading">
        <h2 id="new-order-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('newOrder')}
        </h2>
        {pricing.isPending ? (
          <Card>
            <CardContent className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label={t('loadingPrices')}>
              <div className="h-40 animate-pulse rounded-xl bg-slate-100" />
              <div className="h-40 animate-pulse rounded-xl bg-slate-100" />
            </CardContent>
          </Card>
        ) : pricing.isError ? (
          <LoadError title={t('pricesLoadFailed')} query={pricing} fallback={t('pricesLoadFallback')} />
        ) : (
          <OrderForm slug={slug} pricing={pricing.data} onCheckout={goTo} />
        )}
      </section>

      <CancelOrderDialog
        slug={slug}
        order={cancelling}
        pricing={pricing.data}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          toast.success(cancelling?.status === 'PAID' ? t('cancelledPaid') : t('cancelled'));
          setCancelling(null);
        }}
      />
    </div>
  );
}

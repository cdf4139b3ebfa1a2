import type { ReactNode } from 'react';
import { ShoppingCart } from 'lucide-react';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { formatCents, formatCount } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { cardOrdersMessages } from '../messages';

/** Props of {@link OrderSummary}. */
interface OrderSummaryProps {
  /** Name of the chosen card kind, undefined when unknown. */
  kindName: string | undefined;
  quantity: number;
  /** Unit and total price in cents; null while the quantity is out of bounds. */
  price: { unitPriceCents: number; totalCents: number } | null;
  minQuantity: number;
  maxQuantity: number;
  /** The failure of 'Order and pay'; null when none. */
  error: unknown;
  /** The order saved without a started checkout (it waits in the list with 'Pay now'), with the checkout's error; null when none. */
  saved: { checkoutError: unknown } | null;
  demoPayments: boolean;
  pending: boolean;
}

/**
 * 'Order summary' of the order form: card type, quantity, price per card (`unit-price`), shipping
 * and total (`order-total`) in formatCents ('—' while out of bounds), the failure alerts, the Demo
 * payments notice and the submit button 'Order and pay' / 'Processing...'.
 */
export function OrderSummary({ kindName, quantity, price, minQuantity, maxQuantity, error, saved, demoPayments, pending }: OrderSummaryProps) {
  const t = useMessages(cardOrdersMessages);
  return (
    <Card className="lg:sticky lg:top-6">
      <CardHeader>
        <CardTitle>{t('summaryTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2 text-sm" aria-live="polite">
          <SummaryRow term={t('cardType')} valueClassName="text-right font-medium text-slate-900">
            {kindName ?? '—'}
          </SummaryRow>
          <SummaryRow term={t('summaryQuantity')}>{Number.isFinite(quantity) && quantity > 0 ? formatCount(quantity) : '—'}</SummaryRow>
          <SummaryRow term={t('summaryUnitPrice')} testId="unit-price">
            {price ? formatCents(price.unitPriceCents) : '—'}
          </SummaryRow>
          <SummaryRow term={t('summaryShipping')} valueClassName="font-medium text-slate-900">
            {t('summaryIncluded')}
          </SummaryRow>
          <div className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-3">
            <dt className="font-semibold text-slate-900">{t('summaryTotal')}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="order-total">
              {price ? formatCents(price.totalCents) : '—'}
            </dd>
          </div>
        </dl>
        {!price && <p className="text-xs text-slate-500">{t('enterQuantity', { min: formatCount(minQuantity), max: formatCount(maxQuantity) })}</p>}
        {error != null && <Alert tone="error">{errorMessage(error, t('orderFailed'))}</Alert>}
        {saved && (
          <Alert tone="warning" title={t('savedTitle')}>
            {t('savedPayNow', { reason: errorMessage(saved.checkoutError, t('savedFallback')) })}
          </Alert>
        )}
        {demoPayments && <DemoPaymentsNotice />}
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {pending ? t('processing') : t('orderAndPay')}
        </Button>
        <p className="text-xs text-slate-500">{t('payNextPage')}</p>
      </CardContent>
    </Card>
  );
}

/** One term/value line of the summary. */
function SummaryRow({ term, children, testId, valueClassName }: { term: string; children: ReactNode; testId?: string; valueClassName?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-500">{term}</dt>
      <dd className={valueClassName ?? 'font-medium text-slate-900 tabular-nums'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

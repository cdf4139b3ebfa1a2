import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateCardOrderRequest, type CardOrderPricingResponse, type CardOrderType } from '@loyalty/contract';
import { cardOrderPrice } from '@loyalty/domain';
import { Check, CreditCard, ShoppingCart } from 'lucide-react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage, isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatCents, formatCount } from '@/lib/format';
import { useDemoPayments } from '@/api/use-demo-payments';
import { useOrderAndPay } from '../api/card-orders';
import { tierIndex, tierRange } from '../lib/labels';

type FormInput = z.input<typeof CreateCardOrderRequest>;
type FormOutput = z.output<typeof CreateCardOrderRequest>;

/** A field of the shipping address. */
type AddressField = keyof FormInput['shippingAddress'];

/** The price of an order as typed: unit and total in cents, or null while the quantity is out of bounds. */
function livePrice(type: CardOrderType, quantity: number, pricing: CardOrderPricingResponse) {
  try {
    return cardOrderPrice(type, quantity, pricing);
  } catch {
    return null;
  }
}

/** `[{ field, message }]` of a 400's details, the field path without a leading 'body.'. */
function detailIssues(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return (error.details as Array<{ field?: unknown; message?: unknown }>).flatMap((d) =>
    d && typeof d.field === 'string' ? [{ field: d.field.replace(/^body\./, ''), message: typeof d.message === 'string' && d.message ? d.message : error.message }] : [],
  );
}

/**
 * The order form of the Card Orders screen (decisions.md 'Card orders'): the two card kinds as
 * radio cards with their volume tiers (the tier that prices the typed quantity highlighted),
 * the quantity (contract bounds 50–10,000 and its message), a live unit price and total
 * computed with the domain's `cardOrderPrice` on the served price list (money in cents, shown
 * with formatCents), the shipping address (the contract's messages), and 'Order and pay':
 * POST the order, POST its checkout, then `onCheckout(checkoutUrl)`. A 400 lands on its fields;
 * other failures show in the form. If the order was saved but its checkout did not start, the
 * form says so (the order waits in the list with 'Pay now'). Under the Demo provider, 'Demo
 * payments: no money is taken' above 'Order and pay' (issue 12 item 2).
 */
export function OrderForm({ slug, pricing, onCheckout }: { slug: string; pricing: CardOrderPricingResponse; onCheckout: (url: string) => void }) {
  const orderAndPay = useOrderAndPay(slug);
  const demoPayments = useDemoPayments(slug);
  const formId = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateCardOrderRequest),
    defaultValues: {
      cardType: pricing.cardTypes[0]?.type ?? 'SINGLE_SIDED',
      quantity: Math.max(100, pricing.minQuantity),
      shippingAddress: { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', country: 'United States' },
    },
  });
  const { errors } = form.formState;
  const cardType = useWatch({ control: form.control, name: 'cardType' }) as CardOrderType;
  const quantity = Number(useWatch({ control: form.control, name: 'quantity' }));
  const price = livePrice(cardType, quantity, pricing);
  const kind = pricing.cardTypes.find((t) => t.type === cardType);
  const addressError = (f: AddressField) => errors.shippingAddress?.[f]?.message;

  const submit = form.handleSubmit((body) =>
    orderAndPay.mutate(body, {
      onSuccess: (res) => {
        if (res.checkoutUrl) onCheckout(res.checkoutUrl);
      },
      onError: (error) => {
        if (isApiError(error, 400)) {
          for (const issue of detailIssues(error)) {
            form.setError(issue.field as FieldPath<FormInput>, { type: 'server', message: issue.message }, { shouldFocus: true });
          }
        }
      },
    }),
  );

  const saved = orderAndPay.data && !orderAndPay.data.checkoutUrl ? orderAndPay.data : null;
  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-5" aria-label="Order printed cards">
      <div className="space-y-6 lg:col-span-3">
        <Card>
          <CardHeader>
            <CardTitle>1. Card type</CardTitle>
            <span className="text-xs text-slate-500">Prices per card, shipping included</span>
          </CardHeader>
          <CardContent>
            <fieldset>
              <legend className="sr-only">Card type</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {pricing.cardTypes.map((t) => {
                  const selected = t.type === cardType;
                  const active = selected ? tierIndex(t.tiers, quantity) : -1;
                  return (
                    <label
                      key={t.type}
                      data-testid={`card-type-${t.type}`}
                      className={cn(
                        'relative flex cursor-pointer flex-col rounded-xl border p-4 transition-colors focus-within:ring-2 focus-within:ring-indigo-500/40',
                        selected ? 'border-indigo-500 bg-indigo-50/60' : 'border-slate-200 hover:border-slate-300',
                      )}
                    >
                      <input type="radio" value={t.type} className="sr-only" {...form.register('cardType')} />
                      <span className="flex items-start justify-between gap-2">
                        <span className="flex items-center gap-2 font-semibold text-slate-900">
                          <CreditCard aria-hidden="true" className="h-4 w-4 text-indigo-600" />
                          {t.name}
                        </span>
                        <span
                          aria-hidden="true"
                          className={cn('flex h-5 w-5 shrink-0 items-center justify-center rounded-full border', selected ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white')}
                        >
                          {selected && <Check className="h-3 w-3" />}
                        </span>
                      </span>
                      <span className="mt-1 text-sm text-slate-600">{t.description}</span>
                      <table className="mt-3 w-full text-sm">
                        <caption className="sr-only">{t.name} volume prices</caption>
                        <thead>
                          <tr className="text-left text-xs text-slate-600">
                            <th scope="col" className="pb-1 font-medium">
                              Cards
                            </th>
                            <th scope="col" className="pb-1 text-right font-medium">
                              Per card
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {t.tiers.map((tier, i) => (
                            <tr key={tier.minQuantity} className={cn(i === active && 'font-semibold text-indigo-700')} data-active={i === active || undefined}>
                              <td className="py-0.5 tabular-nums">{tierRange(t.tiers, i, pricing.maxQuantity)}</td>
                              <td className="py-0.5 text-right tabular-nums">{formatCents(tier.unitPriceCents)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>2. Quantity</CardTitle>
          </CardHeader>
          <CardContent>
            <Input
              label="Number of cards"
              type="number"
              inputMode="numeric"
              min={pricing.minQuantity}
              max={pricing.maxQuantity}
              step={1}
              hint={`Between ${formatCount(pricing.minQuantity)} and ${formatCount(pricing.maxQuantity)} cards; larger orders cost less per card.`}
              error={errors.quantity?.message}
              wrapperClassName="max-w-xs"
              {...form.register('quantity', { valueAsNumber: true })}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>3. Shipping address</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Input label="Recipient name" autoComplete="name" required wrapperClassName="sm:col-span-2" error={addressError('name')} {...form.register('shippingAddress.name')} />
            <Input label="Address" autoComplete="address-line1" required wrapperClassName="sm:col-span-2" error={addressError('line1')} {...form.register('shippingAddress.line1')} />
            <Input label="Address line 2 (optional)" autoComplete="address-line2" wrapperClassName="sm:col-span-2" error={addressError('line2')} {...form.register('shippingAddress.line2')} />
            <Input label="City" autoComplete="address-level2" required error={addressError('city')} {...form.register('shippingAddress.city')} />
            <Input label="State / region (optional)" autoComplete="address-level1" error={addressError('state')} {...form.register('shippingAddress.state')} />
            <Input label="Postal code" autoComplete="postal-code" required error={addressError('postalCode')} {...form.register('shippingAddress.postalCode')} />
            <Input label="Country" autoComplete="country-name" required error={addressError('country')} {...form.register('shippingAddress.country')} />
          </CardContent>
        </Card>
      </div>

      <div className="lg:col-span-2">
        <Card className="lg:sticky lg:top-6">
          <CardHeader>
            <CardTitle>Order summary</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="space-y-2 text-sm" aria-live="polite">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Card type</dt>
                <dd className="text-right font-medium text-slate-900">{kind?.name ?? '—'}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Quantity</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{Number.isFinite(quantity) && quantity > 0 ? formatCount(quantity) : '—'}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Price per card</dt>
                <dd className="font-medium text-slate-900 tabular-nums" data-testid="unit-price">
                  {price ? formatCents(price.unitPriceCents) : '—'}
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Shipping</dt>
                <dd className="font-medium text-slate-900">Included</dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-3">
                <dt className="font-semibold text-slate-900">Total</dt>
                <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="order-total">
                  {price ? formatCents(price.totalCents) : '—'}
                </dd>
              </div>
            </dl>
            {!price && <p className="text-xs text-slate-500">Enter a quantity between {formatCount(pricing.minQuantity)} and {formatCount(pricing.maxQuantity)} to see the price.</p>}
            {orderAndPay.isError && <Alert tone="error">{errorMessage(orderAndPay.error, 'Failed to place the order. Please try again.')}</Alert>}
            {saved && (
              <Alert tone="warning" title="Your order was saved, but the payment could not start">
                {errorMessage(saved.checkoutError, 'Please try again.')} Use 'Pay now' on the order below.
              </Alert>
            )}
            {demoPayments && <DemoPaymentsNotice />}
            <Button type="submit" size="lg" className="w-full" loading={orderAndPay.isPending}>
              <ShoppingCart aria-hidden="true" className="h-4 w-4" />
              {orderAndPay.isPending ? 'Processing...' : 'Order and pay'}
            </Button>
            <p className="text-xs text-slate-500">You pay on the next page. Cards are added to your account as soon as the payment is received.</p>
          </CardContent>
        </Card>
      </div>
    </form>
  );
}

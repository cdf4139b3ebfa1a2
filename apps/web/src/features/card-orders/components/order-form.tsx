import { useId } from 'react';
import type { CardOrderPricingResponse } from '@loyalty/contract';
import { useDemoPayments } from '@/api/use-demo-payments';
import { useMessages } from '@/lib/i18n';
import { useOrderForm } from '../hooks/use-order-form';
import { CardTypePicker } from './card-type-picker';
import { QuantityCard, ShippingAddressCard } from './order-fields';
import { OrderSummary } from './order-summary';
import { cardOrdersMessages } from '../messages';

/**
 * The order form of the Card Orders screen (docs/product.md 'Card orders'): the two card kinds as
 * radio cards with their volume tiers (the tier that prices the typed quantity highlighted),
 * the quantity (contract bounds 50–10,000 and its message), a live unit price and total
 * computed with the domain's `cardOrderPrice` on the served price list (money in cents, shown
 * with formatCents), the shipping address (the contract's messages), and 'Order and pay':
 * POST the order, POST its checkout, then `onCheckout(checkoutUrl)`. A 400 lands on its fields;
 * other failures show in the form. If the order was saved but its checkout did not start, the
 * form says so (the order waits in the list with 'Pay now'). Under the Demo provider, 'Demo
 * payments: no money is taken' above 'Order and pay'.
 */
export function OrderForm({ slug, pricing, onCheckout }: { slug: string; pricing: CardOrderPricingResponse; onCheckout: (url: string) => void }) {
  const { form, orderAndPay, cardType, quantity, price, submit, saved } = useOrderForm(slug, pricing, onCheckout);
  const demoPayments = useDemoPayments(slug);
  const formId = useId();
  const t = useMessages(cardOrdersMessages);
  const { errors } = form.formState;
  const bounds = { minQuantity: pricing.minQuantity, maxQuantity: pricing.maxQuantity };

  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-5" aria-label={t('formLabel')}>
      <div className="space-y-6 lg:col-span-3">
        <CardTypePicker
          cardTypes={pricing.cardTypes}
          selectedType={cardType}
          quantity={quantity}
          maxQuantity={pricing.maxQuantity}
          registration={form.register('cardType')}
        />
        <QuantityCard register={form.register} errors={errors} {...bounds} />
        <ShippingAddressCard register={form.register} errors={errors} />
      </div>
      <div className="lg:col-span-2">
        <OrderSummary
          kindName={pricing.cardTypes.find((kind) => kind.type === cardType)?.name}
          quantity={quantity}
          price={price}
          {...bounds}
          error={orderAndPay.isError ? orderAndPay.error : null}
          saved={saved}
          demoPayments={demoPayments}
          pending={orderAndPay.isPending}
        />
      </div>
    </form>
  );
}

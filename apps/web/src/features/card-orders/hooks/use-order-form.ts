import { zodResolver } from '@hookform/resolvers/zod';
import { CreateCardOrderRequest, type CardOrderPricingResponse, type CardOrderType } from '@loyalty/contract';
import { cardOrderPrice } from '@loyalty/domain';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, isApiError } from '@/lib/api';
import { useOrderAndPay } from '../api/card-orders';

/** The order form's input values (the contract's CreateCardOrderRequest before parsing). */
export type OrderFormInput = z.input<typeof CreateCardOrderRequest>;
type FormOutput = z.output<typeof CreateCardOrderRequest>;

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
    d && typeof d.field === 'string'
      ? [{ field: d.field.replace(/^body\./, ''), message: typeof d.message === 'string' && d.message ? d.message : error.message }]
      : [],
  );
}

/**
 * The state of the Card Orders form (docs/product.md 'Card orders'): the react-hook-form over the
 * contract's CreateCardOrderRequest (defaults: the first card kind, max(100, minQuantity) cards,
 * country 'United States'), the watched card type and quantity, the live `price` (unit and total
 * in cents from the domain's `cardOrderPrice`, null while the quantity is out of bounds), and
 * `submit`: POST the order and its checkout, then `onCheckout(checkoutUrl)`; a 400's details
 * land on their fields. `saved` is the order that was saved but whose checkout did not start.
 */
export function useOrderForm(slug: string, pricing: CardOrderPricingResponse, onCheckout: (url: string) => void) {
  const orderAndPay = useOrderAndPay(slug);
  const form = useForm<OrderFormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateCardOrderRequest),
    defaultValues: {
      cardType: pricing.cardTypes[0]?.type ?? 'SINGLE_SIDED',
      quantity: Math.max(100, pricing.minQuantity),
      shippingAddress: { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', country: 'United States' },
    },
  });
  const cardType = useWatch({ control: form.control, name: 'cardType' }) as CardOrderType;
  const quantity = Number(useWatch({ control: form.control, name: 'quantity' }));
  const price = livePrice(cardType, quantity, pricing);

  const submit = form.handleSubmit((body) =>
    orderAndPay.mutate(body, {
      onSuccess: (res) => {
        if (res.checkoutUrl) onCheckout(res.checkoutUrl);
      },
      onError: (error) => {
        if (isApiError(error, 400)) {
          for (const issue of detailIssues(error)) {
            form.setError(issue.field as FieldPath<OrderFormInput>, { type: 'server', message: issue.message }, { shouldFocus: true });
          }
        }
      },
    }),
  );

  const saved = orderAndPay.data && !orderAndPay.data.checkoutUrl ? orderAndPay.data : null;
  return { form, orderAndPay, cardType, quantity, price, submit, saved };
}

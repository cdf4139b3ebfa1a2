import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatCount } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import type { OrderFormInput } from '../hooks/use-order-form';
import { cardOrdersMessages } from '../messages';

/** The form wiring shared by the order form's field groups: react-hook-form's `register` and the current errors. */
interface OrderFieldsProps {
  register: UseFormRegister<OrderFormInput>;
  errors: FieldErrors<OrderFormInput>;
}

/** Step '2. Quantity': 'Number of cards' within the price list's bounds (the contract's message when outside). */
export function QuantityCard({ register, errors, minQuantity, maxQuantity }: OrderFieldsProps & { minQuantity: number; maxQuantity: number }) {
  const t = useMessages(cardOrdersMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stepQuantity')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Input
          label={t('quantityLabel')}
          type="number"
          inputMode="numeric"
          min={minQuantity}
          max={maxQuantity}
          step={1}
          hint={t('quantityHint', { min: formatCount(minQuantity), max: formatCount(maxQuantity) })}
          error={errors.quantity?.message}
          wrapperClassName="max-w-xs"
          {...register('quantity', { valueAsNumber: true })}
        />
      </CardContent>
    </Card>
  );
}

/** Step '3. Shipping address': recipient, address lines, city, state, postal code and country (the contract's messages). */
export function ShippingAddressCard({ register, errors }: OrderFieldsProps) {
  const t = useMessages(cardOrdersMessages);
  const addressError = (f: keyof OrderFormInput['shippingAddress']) => errors.shippingAddress?.[f]?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stepShipping')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('recipientName')}
          autoComplete="name"
          required
          wrapperClassName="sm:col-span-2"
          error={addressError('name')}
          {...register('shippingAddress.name')}
        />
        <Input
          label={t('address')}
          autoComplete="address-line1"
          required
          wrapperClassName="sm:col-span-2"
          error={addressError('line1')}
          {...register('shippingAddress.line1')}
        />
        <Input
          label={t('addressLine2')}
          autoComplete="address-line2"
          wrapperClassName="sm:col-span-2"
          error={addressError('line2')}
          {...register('shippingAddress.line2')}
        />
        <Input label={t('city')} autoComplete="address-level2" required error={addressError('city')} {...register('shippingAddress.city')} />
        <Input label={t('state')} autoComplete="address-level1" error={addressError('state')} {...register('shippingAddress.state')} />
        <Input label={t('postalCode')} autoComplete="postal-code" required error={addressError('postalCode')} {...register('shippingAddress.postalCode')} />
        <Input label={t('country')} autoComplete="country-name" required error={addressError('country')} {...register('shippingAddress.country')} />
      </CardContent>
    </Card>
  );
}

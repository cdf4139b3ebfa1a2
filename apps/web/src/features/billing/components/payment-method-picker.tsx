import type { PaymentMethod } from '@loyalty/contract';
import { Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PaymentMethodSummary } from './payment-method-summary';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** Props of {@link PaymentMethodPicker}. */
interface PaymentMethodPickerProps {
  /** The saved cards' query state: pending, failed, or the list. */
  methods: { isPending: boolean; isError: boolean; data: PaymentMethod[] | undefined };
  /** The id of the chosen card ('' when none). */
  selected: string;
  onChoose: (id: string) => void;
  onAddCard: () => void;
  /** While subscribing: 'Add New Card' is disabled. */
  disabled: boolean;
}

/**
 * The 'Payment method' fieldset of the subscribe modal: a radio per saved card
 * (named '{BRAND} ending {last4}'), 'No payment methods' when none, and 'Add New Card'.
 */
export function PaymentMethodPicker({ methods, selected, onChoose, onAddCard, disabled }: PaymentMethodPickerProps) {
  const t = useMessages(billingMessages);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{t('paymentMethod')}</legend>
      {methods.isPending ? (
        <Spinner />
      ) : methods.isError || !methods.data ? (
        <Alert tone="error">{t('methodsLoadFailed')}</Alert>
      ) : methods.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t('noMethods')}</p>
      ) : (
        <ul className="space-y-2">
          {methods.data.map((m) => (
            <li key={m.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50">
                <input
                  type="radio"
                  name="payment-method"
                  value={m.id}
                  checked={selected === m.id}
                  onChange={() => onChoose(m.id)}
                  aria-label={t('methodLabel', { brand: m.card.brand.toUpperCase(), last4: m.card.last4 })}
                />
                <PaymentMethodSummary method={m} />
              </label>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" size="sm" className="mt-3" onClick={onAddCard} disabled={disabled}>
        <Plus className="h-4 w-4" aria-hidden /> {t('addNewCard')}
      </Button>
    </fieldset>
  );
}

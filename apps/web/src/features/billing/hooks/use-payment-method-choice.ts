import type { BillingPlan, PaymentMethod } from '@loyalty/contract';
import { useEffect, useState } from 'react';

/**
 * The card chosen in the subscribe modal: while a `plan` is open the selection follows the saved
 * `methods` (the default card, else the first, when the chosen one is not in the list); closing
 * (`plan` null) clears it and the alert. `choose(id)` selects a card and clears the alert;
 * `setAlert` shows e.g. 'Please select a payment method'.
 */
export function usePaymentMethodChoice(plan: BillingPlan | null, methods: readonly PaymentMethod[] | undefined) {
  const [selected, setSelected] = useState<string>('');
  const [alert, setAlert] = useState<string | null>(null);

  useEffect(() => {
    if (!plan) {
      setSelected('');
      setAlert(null);
      return;
    }
    const list = methods ?? [];
    if (!list.some((m) => m.id === selected)) setSelected((list.find((m) => m.is_default) ?? list[0])?.id ?? '');
  }, [plan, methods, selected]);

  function choose(id: string) {
    setSelected(id);
    setAlert(null);
  }

  return { selected, choose, alert, setAlert };
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CustomerListItem } from '@loyalty/contract';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { dropParams } from '@/hooks/use-list-params';
import { translate } from '@/lib/i18n';
import { useCustomer } from '../api/get-customer';
import { customersMessages } from '../messages';

/**
 * The return from the add-funds checkout (`?funds=added|canceled&customer={id}`): shows 'Funds
 * added to the card.' or 'Payment canceled. No funds were added.' as a toast once, removes the
 * two parameters from the address, loads that customer and hands it to `reopen` (the page
 * reopens its details, where the card's new balance shows). A customer that fails to load is
 * dropped silently.
 */
export function useFundsReturn(slug: string, reopen: (customer: CustomerListItem) => void): void {
  const [params, setParams] = useSearchParams();
  const funds = params.get('funds');
  const [reopenId, setReopenId] = useState<string | null>(null);
  const handled = useRef(false);
  const onReturn = useEffectEvent((outcome: string | null) => {
    if (handled.current || (outcome !== 'added' && outcome !== 'canceled')) return;
    handled.current = true;
    if (outcome === 'added') toast.success(translate(customersMessages, 'fundsAdded'), { toastId: 'funds-added' });
    else toast.info(translate(customersMessages, 'fundsCanceled'), { toastId: 'funds-canceled' });
    setReopenId(params.get('customer'));
    dropParams(setParams, 'funds', 'customer');
  });
  useEffect(() => onReturn(funds), [funds]);
  const customer = useCustomer(slug, reopenId);
  const onLoaded = useEffectEvent((loaded: CustomerListItem) => reopen(loaded));
  useEffect(() => {
    if (!reopenId) return;
    if (customer.data) {
      onLoaded(customer.data);
      setReopenId(null);
    } else if (customer.isError) setReopenId(null);
  }, [reopenId, customer.data, customer.isError]);
}

import type { BillingPlan } from '@loyalty/contract';
import { useEffect, useState } from 'react';
import { Plus } from 'lucide-react';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatCents } from '@/lib/format';
import { useDemoPayments } from '@/api/use-demo-payments';
import { usePaymentMethods } from '../api/billing';
import { CardFormDialog } from './card-form-dialog';
import { PaymentMethodSummary } from './payment-method-row';

/**
 * Subscribe modal 'Complete Your Subscription' (spec §2, §4 'Subscribe flow', §5 'Subscribe'):
 * the plan, a radio list of saved cards (default pre-selected), 'Add New Card', the footer
 * 'Your card will be charged {price} today and then monthly until you cancel.' and the confirm
 * button 'Subscribe for {price}/month' / 'Processing...'. Without a selected card confirming
 * shows 'Please select a payment method'. Under the Demo provider, 'Demo payments: no money is
 * taken' above the buttons (issue 12 item 2).
 */
export function SubscribeDialog({
  slug,
  plan,
  processing,
  onClose,
  onConfirm,
  onCardAdded,
}: {
  slug: string;
  plan: BillingPlan | null;
  processing: boolean;
  onClose: () => void;
  onConfirm: (plan: BillingPlan, paymentMethodId: string) => void;
  onCardAdded: (message: string) => void;
}) {
  const methods = usePaymentMethods(slug);
  const demoPayments = useDemoPayments(slug);
  const [selected, setSelected] = useState<string>('');
  const [addOpen, setAddOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  useEffect(() => {
    if (!plan) {
      setSelected('');
      setAlert(null);
      return;
    }
    const list = methods.data ?? [];
    if (!list.some((m) => m.id === selected)) setSelected((list.find((m) => m.is_default) ?? list[0])?.id ?? '');
  }, [plan, methods.data, selected]);

  const price = plan ? formatCents(plan.priceMonthly) : '';

  function confirm() {
    if (!plan) return;
    if (!selected) return setAlert('Please select a payment method');
    onConfirm(plan, selected);
  }

  return (
    <>
      <Dialog
        open={plan !== null}
        onClose={onClose}
        dismissible={!processing}
        title="Complete Your Subscription"
        size="md"
        footer={
          <>
            <Button variant="outline" onClick={onClose} disabled={processing}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={processing || !selected}>
              {processing ? 'Processing...' : `Subscribe for ${price}/month`}
            </Button>
          </>
        }
      >
        {plan && (
          <div className="space-y-4">
            <div className="rounded-lg border border-indigo-200 bg-indigo-50 p-4">
              <p className="font-semibold text-slate-900">{plan.name}</p>
              <p className="text-sm text-slate-600">{plan.description}</p>
              <p className="mt-1 text-lg font-bold text-indigo-700">{price}/month</p>
            </div>
            {alert ? <Alert tone="error">{alert}</Alert> : !selected && methods.isSuccess && <Alert tone="warning">Please select a payment method</Alert>}
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700">Payment method</legend>
              {methods.isPending ? (
                <Spinner />
              ) : methods.isError ? (
                <Alert tone="error">Failed to load payment methods</Alert>
              ) : methods.data.length === 0 ? (
                <p className="text-sm text-slate-500">No payment methods</p>
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
                          onChange={() => {
                            setSelected(m.id);
                            setAlert(null);
                          }}
                          aria-label={`${m.card.brand.toUpperCase()} ending ${m.card.last4}`}
                        />
                        <PaymentMethodSummary method={m} />
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              <Button variant="outline" size="sm" className="mt-3" onClick={() => setAddOpen(true)} disabled={processing}>
                <Plus className="h-4 w-4" aria-hidden /> Add New Card
              </Button>
            </fieldset>
            <p className="text-sm text-slate-500">Your card will be charged {price} today and then monthly until you cancel.</p>
            {demoPayments && <DemoPaymentsNotice />}
          </div>
        )}
      </Dialog>
      <CardFormDialog slug={slug} open={addOpen} onClose={() => setAddOpen(false)} onAdded={onCardAdded} />
    </>
  );
}

import type { BillingPlan } from '@loyalty/contract';
import { useState } from 'react';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { formatCents } from '@/lib/format';
import { useDemoPayments } from '@/api/use-demo-payments';
import { usePaymentMethods } from '../api/billing';
import { usePaymentMethodChoice } from '../hooks/use-payment-method-choice';
import { CardFormDialog } from './card-form-dialog';
import { PaymentMethodPicker } from './payment-method-picker';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/**
 * Subscribe modal 'Complete Your Subscription': the plan, a radio list of saved cards (default
 * pre-selected), 'Add New Card', the footer 'Your card will be charged {price} today and then
 * monthly until you cancel.' and the confirm button 'Subscribe for {price}/month' /
 * 'Processing...'. Without a selected card confirming shows 'Please select a payment method'. Under
 * the Demo provider, 'Demo payments: no money is taken' above the buttons.
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
  const { selected, choose, alert, setAlert } = usePaymentMethodChoice(plan, methods.data);
  const [addOpen, setAddOpen] = useState(false);
  const t = useMessages(billingMessages);

  const price = plan ? formatCents(plan.priceMonthly) : '';

  function confirm() {
    if (!plan) return;
    if (!selected) return setAlert(t('selectMethod'));
    onConfirm(plan, selected);
  }

  return (
    <>
      <Dialog
        open={plan !== null}
        onClose={onClose}
        dismissible={!processing}
        title={t('subscribeTitle')}
        size="md"
        footer={
          <DialogActions onCancel={onClose} cancelDisabled={processing}>
            <Button onClick={confirm} disabled={processing || !selected}>
              {processing ? t('processing') : t('subscribeFor', { price })}
            </Button>
          </DialogActions>
        }
      >
        {plan && (
          <div className="space-y-4">
            <div className="rounded-lg border border-indigo-200 bg-indigo-50 p-4">
              <p className="font-semibold text-slate-900">{plan.name}</p>
              <p className="text-sm text-slate-600">{plan.description}</p>
              <p className="mt-1 text-lg font-bold text-indigo-700">{t('perMonth', { price })}</p>
            </div>
            {alert ? <Alert tone="error">{alert}</Alert> : !selected && methods.isSuccess && <Alert tone="warning">{t('selectMethod')}</Alert>}
            <PaymentMethodPicker methods={methods} selected={selected} onChoose={choose} onAddCard={() => setAddOpen(true)} disabled={processing} />
            <p className="text-sm text-slate-500">{t('chargeNote', { price })}</p>
            {demoPayments && <DemoPaymentsNotice />}
          </div>
        )}
      </Dialog>
      <CardFormDialog slug={slug} open={addOpen} onClose={() => setAddOpen(false)} onAdded={onCardAdded} />
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { ADD_FUNDS_RANGE_TEXT, AddFundsRequest, type CustomerCard } from '@loyalty/contract';
import { CreditCard } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DemoPaymentsNotice } from '@/components/demo-payments-notice';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { dollarsToCents, formatCents } from '@/lib/format';
import { useGoToUrl } from '@/hooks/use-go-to-url';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { useDemoPayments } from '@/api/use-demo-payments';
import { useAddFunds } from '../api/add-funds';
import { translate, useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/**
 * The amount as typed, in dollars; valid when dollars × 100 (rounded) passes the contract's
 * AddFundsRequest.amountCents (100–100000 cents, 'Amount must be between $1.00 and
 * $1,000.00'), so browser and server give the same message.
 */
const AmountForm = z.object({ amount: z.string() }).superRefine((v, ctx) => {
  const cents = dollarsToCents(v.amount);
  const parsed = AddFundsRequest.shape.amountCents.safeParse(cents ?? Number.NaN);
  if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.issues[0]?.message ?? ADD_FUNDS_RANGE_TEXT });
});
type AmountValues = z.infer<typeof AmountForm>;

/** The message of a failed add-funds call: the server's text for 400/403/404/409, else the screen's fallback. */
function addFundsError(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 404, 409, 422].includes(error.status) && error.message) return error.message;
  return translate(customersMessages, 'fundsFailed');
}

/** Who gets the funds: a customer and one of their ACTIVE cards. */
export interface AddFundsTarget {
  customerId: string;
  customerName: string;
  card: Pick<CustomerCard, 'id' | 'cardUid' | 'balanceCents'>;
}

/**
 * 'Add Funds to Card' modal: amount in dollars, sent as cents (× 100, rounded), checked against
 * 100–100000 cents; Continue to payment → POST add-funds (with an Idempotency-Key per attempt,
 * reused when the same failed request is retried) → the checkout (Demo page or Stripe). Server
 * errors stay in the dialog. Under the Demo provider, 'Demo payments: no money is taken' above the
 * buttons.
 */
export function AddFundsDialog({ slug, target, onClose }: { slug: string; target: AddFundsTarget | null; onClose: () => void }) {
  const t = useMessages(customersMessages);
  const add = useAddFunds(slug);
  // One Idempotency-Key per attempt: a retry of the same failed request reuses it.
  const idempotency = useIdempotencyKey();
  const demoPayments = useDemoPayments(slug);
  const goTo = useGoToUrl();
  // Keeps 'Processing...' after success until the browser leaves for the checkout.
  const busy = add.isPending || add.isSuccess;
  const close = () => {
    add.reset();
    onClose();
  };
  return (
    <FormDialog
      open={target !== null}
      onClose={close}
      size="sm"
      title={t('fundsTitle')}
      description={target ? t('fundsDescription', { name: target.customerName }) : undefined}
      pending={busy}
      submitLabel={busy ? t('fundsProcessing') : t('fundsContinue')}
    >
      {(formId) =>
        target && (
          <AmountFormBody
            key={target.card.id}
            formId={formId}
            target={target}
            error={add.isError ? addFundsError(add.error) : null}
            demoPayments={demoPayments}
            onSubmit={(amountCents) => {
              const body = { amountCents, cardId: target.card.id };
              const idempotencyKey = idempotency.keyFor(JSON.stringify([target.customerId, body]));
              add.mutate(
                { customerId: target.customerId, body, idempotencyKey },
                {
                  onSuccess: (res) => {
                    idempotency.settle();
                    goTo(res.checkoutUrl);
                  },
                },
              );
            }}
          />
        )
      }
    </FormDialog>
  );
}

function AmountFormBody({
  formId,
  target,
  error,
  demoPayments,
  onSubmit,
}: {
  formId: string;
  target: AddFundsTarget;
  error: string | null;
  demoPayments: boolean;
  onSubmit: (amountCents: number) => void;
}) {
  const t = useMessages(customersMessages);
  const form = useForm<AmountValues>({ resolver: zodResolver(AmountForm), defaultValues: { amount: '' } });
  const submit = form.handleSubmit((v) => onSubmit(dollarsToCents(v.amount)!));
  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-4">
      <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
        <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <CreditCard className="h-4 w-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm font-semibold tracking-wider text-slate-900">{target.card.cardUid}</p>
          <p className="text-xs text-slate-500">{t('fundsCurrentBalance', { balance: formatCents(target.card.balanceCents) })}</p>
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Input
        label={t('fundsAmount')}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="25.00"
        leading={<span aria-hidden="true">$</span>}
        hint={t('fundsAmountHint')}
        error={form.formState.errors.amount?.message}
        {...form.register('amount')}
      />
      {demoPayments && <DemoPaymentsNotice />}
    </form>
  );
}

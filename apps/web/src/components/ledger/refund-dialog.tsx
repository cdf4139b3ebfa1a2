import { zodResolver } from '@hookform/resolvers/zod';
import { RefundRequest, type TransactionItem } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useRefund } from '@/api/ledger-actions';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage } from '@/lib/api';
import { formatCents } from '@/lib/format';
import { centsToDollarsText, dollarsField } from '@/lib/money-field';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** The purchase amount still refundable (cents): the EARN's amount less what its refunds returned. */
const refundableCents = (tx: Pick<TransactionItem, 'amountCents' | 'reversedAmountCents'>) => tx.amountCents - tx.reversedAmountCents;

const refundSchema = (remaining: number) =>
  z.object({
    amount: dollarsField(RefundRequest.shape.amountCents.unwrap(), 'Enter the amount refunded, e.g. 20.00', (c) =>
      c > remaining ? 'Refund exceeds the remaining purchase amount' : undefined,
    ),
    reason: z.string().trim().max(200, 'Reason must be at most 200 characters'),
  });
type RefundInput = z.input<ReturnType<typeof refundSchema>>;
type RefundValues = z.output<ReturnType<typeof refundSchema>>;

/**
 * 'Refund purchase' dialog of an EARN row: the amount refunded in dollars (default:
 * what is left of the purchase; more is refused with 'Refund exceeds the remaining purchase
 * amount'), an optional reason, and the confirmation of what happens (the cashback comes back
 * out in proportion). Success: a toast 'Refunded $x.xx; $y.yy cashback clawed back' and the
 * dialog closes; failure: the server's text in the dialog. The Idempotency-Key is kept for a
 * retry of the same values.
 */
export function RefundDialog({ slug, tx, onClose }: { slug: string; tx: TransactionItem | null; onClose: () => void }) {
  const t = useMessages(componentsMessages);
  const refund = useRefund(slug);
  return (
    <FormDialog
      open={tx !== null}
      onClose={onClose}
      size="sm"
      title={t('refundTitle')}
      description={tx ? `${formatCents(tx.amountCents)} purchase on card ${tx.cardUid}. The cashback it earned comes back out in proportion.` : undefined}
      pending={refund.isPending}
      submitLabel={t('refundSubmit')}
    >
      {(formId) => tx && <RefundForm key={tx.id} formId={formId} tx={tx} refund={refund} onDone={onClose} />}
    </FormDialog>
  );
}

function RefundForm({ formId, tx, refund, onDone }: { formId: string; tx: TransactionItem; refund: ReturnType<typeof useRefund>; onDone: () => void }) {
  const t = useMessages(componentsMessages);
  const remaining = refundableCents(tx);
  const idempotency = useIdempotencyKey();
  const form = useForm<RefundInput, unknown, RefundValues>({
    resolver: zodResolver(refundSchema(remaining)),
    defaultValues: { amount: centsToDollarsText(remaining), reason: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) => {
    const body = { amountCents: v.amount, ...(v.reason ? { reason: v.reason } : {}) };
    refund.mutate(
      { target: tx.id, body, idempotencyKey: idempotency.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (r) => {
          idempotency.settle();
          toast.success(`Refunded ${formatCents(r.refundedAmountCents)}; ${formatCents(r.clawedBackCents)} cashback clawed back`);
          onDone();
        },
      },
    );
  });
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <Input
        label={t('amountRefunded')}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        leading="$"
        hint={`Up to ${formatCents(remaining)}`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <Textarea label={t('reasonOptional')} rows={2} maxLength={200} error={errors.reason?.message} {...form.register('reason')} />
      {refund.isError && <Alert tone="error">{errorMessage(refund.error, t('refundFailed'))}</Alert>}
    </form>
  );
}

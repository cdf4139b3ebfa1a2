import { zodResolver } from '@hookform/resolvers/zod';
import { VoidRequest, type TransactionItem } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { useVoid } from '@/api/ledger-actions';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage } from '@/lib/api';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/**
 * 'Void redemption' dialog of a REDEEM row: confirms that the amount goes back to
 * the card and asks why (3–200 characters, the contract's VoidRequest). Success: a toast
 * 'Redemption voided: $x.xx back on the card' and the dialog closes; failure (e.g. 'Transaction
 * already voided'): the server's text in the dialog.
 */
export function VoidDialog({ slug, tx, onClose }: { slug: string; tx: TransactionItem | null; onClose: () => void }) {
  const t = useMessages(componentsMessages);
  const voidRedeem = useVoid(slug);
  return (
    <FormDialog
      open={tx !== null}
      onClose={onClose}
      size="sm"
      title={t('voidTitle')}
      description={tx ? `${formatCents(tx.amountCents)} goes back to card ${tx.cardUid}.` : undefined}
      pending={voidRedeem.isPending}
      submitLabel={t('voidTitle')}
    >
      {(formId) => tx && <VoidForm key={tx.id} formId={formId} tx={tx} voidRedeem={voidRedeem} onDone={onClose} />}
    </FormDialog>
  );
}

function VoidForm({ formId, tx, voidRedeem, onDone }: { formId: string; tx: TransactionItem; voidRedeem: ReturnType<typeof useVoid>; onDone: () => void }) {
  const t = useMessages(componentsMessages);
  const idempotency = useIdempotencyKey();
  const form = useForm<z.infer<typeof VoidRequest>>({ resolver: zodResolver(VoidRequest), defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((body) =>
    voidRedeem.mutate(
      { target: tx.id, body, idempotencyKey: idempotency.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (r) => {
          idempotency.settle();
          toast.success(`Redemption voided: ${formatCents(r.restoredCents)} back on the card`);
          onDone();
        },
      },
    ),
  );
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <Textarea label={t('reason')} rows={2} maxLength={200} required error={form.formState.errors.reason?.message} {...form.register('reason')} />
      {voidRedeem.isError && <Alert tone="error">{errorMessage(voidRedeem.error, t('voidFailed'))}</Alert>}
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { AdjustRequest, MAX_ADJUST_CENTS, type CardResponse } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useAdjustBalance } from '@/api/ledger-actions';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage } from '@/lib/api';
import { formatCents } from '@/lib/format';
import { dollarsField } from '@/lib/money-field';
import { translate, useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

const amountRule = () =>
  z.number().int().positive(translate(cardsMessages, 'adjustAmountPositive')).max(MAX_ADJUST_CENTS, translate(cardsMessages, 'adjustAmountMax'));

const adjustSchema = (balanceCents: number) =>
  z
    .object({
      direction: z.enum(['credit', 'debit']),
      amount: dollarsField(amountRule(), translate(cardsMessages, 'adjustAmountFormat')),
      reason: AdjustRequest.shape.reason,
    })
    .refine((v) => v.direction === 'credit' || v.amount <= balanceCents, { path: ['amount'], message: translate(cardsMessages, 'adjustBelowZero') });
type AdjustInput = z.input<ReturnType<typeof adjustSchema>>;
type AdjustValues = z.output<ReturnType<typeof adjustSchema>>;

/**
 * 'Adjust balance' dialog of a card (tenant_admin): add to or take off the balance
 * (at most $1,000.00 either way, never below zero: 'Balance cannot go below zero') with a
 * reason of 3–200 characters, which the ledger row and the audit log keep. Success: a toast
 * 'Balance adjusted. New balance: $x.xx' and the dialog closes; failure: the server's text.
 */
export function AdjustBalanceDialog({ slug, card, onClose }: { slug: string; card: CardResponse | null; onClose: () => void }) {
  const adjust = useAdjustBalance(slug);
  const t = useMessages(cardsMessages);
  return (
    <FormDialog
      open={card !== null}
      onClose={onClose}
      size="sm"
      title={t('adjustBalance')}
      description={card ? t('adjustDescription', { uid: card.cardUid, balance: formatCents(card.balanceCents) }) : undefined}
      pending={adjust.isPending}
      submitLabel={t('adjustBalance')}
    >
      {(formId) => card && <AdjustForm key={card.id} formId={formId} card={card} adjust={adjust} onDone={onClose} />}
    </FormDialog>
  );
}

function AdjustForm({ formId, card, adjust, onDone }: { formId: string; card: CardResponse; adjust: ReturnType<typeof useAdjustBalance>; onDone: () => void }) {
  const t = useMessages(cardsMessages);
  const idempotency = useIdempotencyKey();
  const form = useForm<AdjustInput, unknown, AdjustValues>({
    resolver: zodResolver(adjustSchema(card.balanceCents)),
    defaultValues: { direction: 'credit', amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) => {
    const body = { deltaCents: v.direction === 'credit' ? v.amount : -v.amount, reason: v.reason };
    adjust.mutate(
      { target: card.cardUid, body, idempotencyKey: idempotency.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (r) => {
          idempotency.settle();
          toast.success(t('adjustDone', { balance: formatCents(r.newBalanceCents) }));
          onDone();
        },
      },
    );
  });
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <Select label={t('adjustChange')} {...form.register('direction')}>
        <option value="credit">{t('adjustCredit')}</option>
        <option value="debit">{t('adjustDebit')}</option>
      </Select>
      <Input
        label={t('adjustAmount')}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        leading="$"
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <Textarea label={t('adjustReason')} rows={2} maxLength={200} required error={errors.reason?.message} {...form.register('reason')} />
      {adjust.isError && <Alert tone="error">{errorMessage(adjust.error, t('adjustFailed'))}</Alert>}
    </form>
  );
}

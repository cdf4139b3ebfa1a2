import { useMemo } from 'react';
import type { PosFormProps } from '../types';
import { zodResolver } from '@hookform/resolvers/zod';
import { RedeemRequest, type RedeemResponse } from '@loyalty/contract';
import { MinusCircle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { dollarsToCents, formatCents } from '@/lib/format';
import { useRedeem } from '../api/redeem';
import { usePosMovement } from '../hooks/use-pos-movement';
import { centsToDollarsText, dollarsField, noteField, posFieldErrors } from '../lib/pos-form';
import { AmountInput, MovementError, NoteInput } from './pos-fields';
import { RedeemBalance } from './redeem-balance';
import { translate, useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

/** The message of a redeem above the card balance (0 < amount ≤ balance). */
const exceeds = (balanceCents: number) => translate(posMessages, 'redeemExceeds', { balance: formatCents(balanceCents) });

/** The redeem form for a card holding `balanceCents`: amount (→ cents, RedeemRequest's rule, ≤ balance) and note. */
const redeemFormSchema = (balanceCents: number) =>
  z.object({
    amount: dollarsField(RedeemRequest.shape.amountCents, translate(posMessages, 'redeemAmountFormat'), (cents) =>
      cents > balanceCents ? exceeds(balanceCents) : undefined,
    ),
    note: noteField,
  });
const EMPTY = { amount: '', note: '' };

/** The success toast of a redeem. */
function redeemSuccessMessage(result: Pick<RedeemResponse, 'amountRedeemed' | 'newBalance'>): string {
  return translate(posMessages, 'redeemSuccess', { amount: formatCents(result.amountRedeemed), balance: formatCents(result.newBalance) });
}

/**
 * Redeem tab: amount in dollars, at most the card balance ('Available: $X');
 * an amount above the balance is explained as it is typed and turns the button off (spec: 'disabled
 * if exceeded'); other bad amounts are explained on submit or blur. Sends cents with the user's
 * storeId and an Idempotency-Key reused only for a retry of the same failed submission.
 */
export function RedeemForm({ slug, card, storeId, canTransact, onDone }: PosFormProps) {
  const redeem = useRedeem(slug);
  const t = useMessages(posMessages);
  const send = usePosMovement(redeem, t('redeemFailed'));
  const balance = card.balanceCents;
  const schema = useMemo(() => redeemFormSchema(balance), [balance]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' });
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control, name: 'amount' });
  const tooMuch = (dollarsToCents(typed) ?? 0) > balance;

  const submit = form.handleSubmit(({ amount, note }) => {
    const body: RedeemRequest = { cardUid: card.cardUid, amountCents: amount, storeId: storeId ?? undefined, note: note || undefined };
    send(body, {
      onSuccess: (result) => {
        toast.success(redeemSuccessMessage(result));
        form.setFocus('amount'); // before reset(), which drops the field refs until the next render
        form.reset(EMPTY);
        onDone(t('redeemLastResult', { amount: formatCents(result.amountRedeemed) }));
      },
      onError: (message, error) => {
        for (const e of posFieldErrors(error, ['amount', 'note'] as const)) form.setError(e.field, { message: e.message });
        form.setError('root.server', { message });
      },
    });
  });

  return (
    <form
      noValidate
      aria-label={t('redeemFormLabel')}
      onSubmit={(e) => (canTransact && !redeem.isPending ? void submit(e) : e.preventDefault())}
      className="space-y-4"
    >
      <AmountInput label={t('redeemAmountLabel')} error={errors.amount?.message ?? (tooMuch ? exceeds(balance) : undefined)} field={form.register('amount')} />
      <RedeemBalance balanceCents={balance} onUseAll={() => form.setValue('amount', centsToDollarsText(balance), { shouldValidate: true })} />
      <NoteInput error={errors.note?.message} field={form.register('note')} />
      <MovementError message={errors.root?.server?.message} />
      <Button type="submit" size="lg" className="w-full" disabled={!canTransact || tooMuch} loading={redeem.isPending}>
        {!redeem.isPending && <MinusCircle aria-hidden="true" className="h-5 w-5" />}
        {t('redeemSubmit')}
      </Button>
    </form>
  );
}

import { useState } from 'react';
import type { PosFormProps } from '../types';
import { RedeemRequest, type RedeemResponse } from '@loyalty/contract';
import { dollarsToCents, formatCents } from '@loyalty/domain';
import { MinusCircle } from 'lucide-react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useRedeem } from '../api/redeem';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';

/** The success toast of a redeem (spec §4 'POS flow'). */
export function redeemSuccessMessage(result: Pick<RedeemResponse, 'amountRedeemed' | 'newBalance'>): string {
  return `Redeemed ${formatCents(result.amountRedeemed)}. New balance: ${formatCents(result.newBalance)}`;
}

/**
 * Redeem tab (spec §5 'POS'): amount in dollars, at most the card balance ('Available: $X');
 * the button is disabled when the amount is ≤ 0 or above the balance. Sends cents with the
 * user's storeId and an Idempotency-Key reused only for a retry of the same failed submission.
 */
export function RedeemForm({
  slug,
  card,
  storeId,
  canTransact,
  onDone,
}: PosFormProps) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const redeem = useRedeem(slug);
  const idempotency = useIdempotencyKey();

  const balance = card.balanceCents;
  const cents = amount.trim() === '' ? null : dollarsToCents(amount);
  const tooMuch = cents !== null && cents > balance;
  const valid = cents !== null && cents > 0 && !tooMuch;
  const error = tooMuch ? `Amount exceeds the available balance of ${formatCents(balance)}` : amount.trim() !== '' && cents === null ? 'Enter an amount in dollars, e.g. 5.00' : undefined;

  function submit() {
    const parsed = RedeemRequest.safeParse({
      cardUid: card.cardUid,
      amountCents: cents ?? Number.NaN,
      storeId: storeId ?? undefined,
      note: note.trim() || undefined,
    });
    if (!parsed.success || !valid) return;
    const body = parsed.data;
    const idempotencyKey = idempotency.keyFor(JSON.stringify(body));
    redeem.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (result) => {
          idempotency.settle();
          toast.success(redeemSuccessMessage(result));
          setAmount('');
          setNote('');
          onDone(`Last transaction: ${formatCents(result.amountRedeemed)} redeemed`);
        },
        onError: (err) => {
          toast.error(errorMessage(err, 'Redemption failed'));
        },
      },
    );
  }

  return (
    <form
      noValidate
      aria-label="Redeem balance"
      onSubmit={(e) => {
        e.preventDefault();
        if (canTransact && !redeem.isPending) submit();
      }}
      className="space-y-4"
    >
      <Input
        label="Redeem amount"
        type="number"
        inputMode="decimal"
        min={0}
        max={balance / 100}
        step={0.01}
        required
        placeholder="0.00"
        autoFocus
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        leading="$"
        className="h-12 text-lg tabular-nums"
        error={error}
      />
      <div className="-mt-2 flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700 tabular-nums">Available: {formatCents(balance)}</span>
        <button
          type="button"
          disabled={balance <= 0}
          onClick={() => setAmount((balance / 100).toFixed(2))}
          className="font-medium text-indigo-600 hover:text-indigo-500 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          Use full balance
        </button>
      </div>
      <Textarea label="Note (optional)" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      <Button type="submit" size="lg" className="w-full" disabled={!canTransact || !valid} loading={redeem.isPending}>
        {!redeem.isPending && <MinusCircle aria-hidden="true" className="h-5 w-5" />}
        Process Redeem
      </Button>
    </form>
  );
}

import { useState } from 'react';
import type { PosFormProps } from '../types';
import { Category, EarnRequest, type EarnResponse } from '@loyalty/contract';
import { dollarsToCents, formatCents } from '@loyalty/domain';
import { PlusCircle } from 'lucide-react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Input, Select, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useEarn } from '../api/earn';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';

const CATEGORY_LABELS: Record<Category, string> = { PURCHASE: 'Purchase', REPAIR: 'Repair', OTHER: 'Other' };

/** The success toast of an earn (spec §4 'POS flow'). */
export function earnSuccessMessage(result: Pick<EarnResponse, 'cashbackEarned' | 'newBalance'>): string {
  return `Cashback earned: ${formatCents(result.cashbackEarned)}. New balance: ${formatCents(result.newBalance)}`;
}

/**
 * Earn Cashback tab (spec §5 'POS'): purchase amount in dollars (min 0, step 0.01, required),
 * category (PURCHASE default), optional note. Sends cents (`dollarsToCents`) with the user's
 * storeId and an Idempotency-Key that is reused only when the same failed submission is retried.
 */
export function EarnForm({
  slug,
  card,
  storeId,
  canTransact,
  onDone,
}: PosFormProps) {
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState<Category>('PURCHASE');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const earn = useEarn(slug);
  const idempotency = useIdempotencyKey();

  const cents = amount.trim() === '' ? null : dollarsToCents(amount);
  const valid = cents !== null && cents > 0;

  function submit() {
    const parsed = EarnRequest.safeParse({
      cardUid: card.cardUid,
      amountCents: cents ?? Number.NaN,
      category,
      storeId: storeId ?? undefined,
      note: note.trim() || undefined,
    });
    if (!parsed.success) {
      setError(cents === null ? 'Enter an amount in dollars, e.g. 12.50' : parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const body = parsed.data;
    const idempotencyKey = idempotency.keyFor(JSON.stringify(body));
    earn.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (result) => {
          idempotency.settle();
          toast.success(earnSuccessMessage(result));
          setAmount('');
          setNote('');
          setCategory('PURCHASE');
          onDone(`Last transaction: +${formatCents(result.cashbackEarned)} cashback on a ${formatCents(body.amountCents)} purchase`);
        },
        onError: (err) => {
          toast.error(errorMessage(err, 'Transaction failed'));
        },
      },
    );
  }

  return (
    <form
      noValidate
      aria-label="Earn cashback"
      onSubmit={(e) => {
        e.preventDefault();
        if (canTransact && !earn.isPending) submit();
      }}
      className="space-y-4"
    >
      <Input
        label="Purchase amount"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        placeholder="0.00"
        autoFocus
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setError(undefined);
        }}
        leading="$"
        className="h-12 text-lg tabular-nums"
        error={error}
        hint="In dollars. Cashback is calculated from the store's rules."
      />
      <Select label="Category" value={category} onChange={(e) => setCategory(e.target.value as Category)}>
        {Category.options.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </Select>
      <Textarea label="Note (optional)" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      <Button type="submit" size="lg" variant="success" className="w-full" disabled={!canTransact || !valid} loading={earn.isPending}>
        {!earn.isPending && <PlusCircle aria-hidden="true" className="h-5 w-5" />}
        Process Earn
      </Button>
    </form>
  );
}

import { useMemo } from 'react';
import type { PosFormProps } from '../types';
import { zodResolver } from '@hookform/resolvers/zod';
import { Category, EarnRequest, type EarnResponse } from '@loyalty/contract';
import { PlusCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { formatCents } from '@/lib/format';
import { CATEGORY_LABELS } from '@/lib/labels';
import { useEarn } from '../api/earn';
import { usePosMovement } from '../hooks/use-pos-movement';
import { dollarsField, noteField, posFieldErrors } from '../lib/pos-form';
import { translate, useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';
import { AmountInput, MovementError, NoteInput } from './pos-fields';

/**
 * The earn form: the purchase in dollars (→ cents with EarnRequest's amountCents rule), category,
 * note. Built per form so its message is in the language of the time.
 */
const earnFormSchema = () =>
  z.object({
    amount: dollarsField(EarnRequest.shape.amountCents, translate(posMessages, 'earnAmountFormat')),
    category: Category,
    note: noteField,
  });
const EMPTY: z.input<ReturnType<typeof earnFormSchema>> = { amount: '', category: 'PURCHASE', note: '' };

/** The success toast of an earn. */
function earnSuccessMessage(result: Pick<EarnResponse, 'cashbackEarned' | 'newBalance'>): string {
  return translate(posMessages, 'earnSuccess', { earned: formatCents(result.cashbackEarned), balance: formatCents(result.newBalance) });
}

/**
 * Earn Cashback tab: purchase amount in dollars (required, above $0, '$' and
 * ',' accepted), category (PURCHASE default), optional note. Sends cents with the user's storeId
 * and an Idempotency-Key that is reused only when the same failed submission is retried. A bad
 * amount is explained under the field on submit or blur; the button is off only while sending
 * or when the subscription does not allow transactions. Success: a toast, the form clears.
 */
export function EarnForm({ slug, card, storeId, canTransact, onDone }: PosFormProps) {
  const earn = useEarn(slug);
  const t = useMessages(posMessages);
  const send = usePosMovement(earn, t('earnFailed'));
  const schema = useMemo(earnFormSchema, []);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ amount, category, note }) => {
    const body: EarnRequest = { cardUid: card.cardUid, amountCents: amount, category, storeId: storeId ?? undefined, note: note || undefined };
    send(body, {
      onSuccess: (result) => {
        toast.success(earnSuccessMessage(result));
        form.setFocus('amount'); // before reset(), which drops the field refs until the next render
        form.reset(EMPTY);
        onDone(t('earnLastResult', { earned: formatCents(result.cashbackEarned), amount: formatCents(amount) }));
      },
      onError: (message, error) => {
        for (const e of posFieldErrors(error, ['amount', 'category', 'note'] as const)) form.setError(e.field, { message: e.message });
        form.setError('root.server', { message });
      },
    });
  });

  return (
    <form
      noValidate
      aria-label={t('earnFormLabel')}
      onSubmit={(e) => (canTransact && !earn.isPending ? void submit(e) : e.preventDefault())}
      className="space-y-4"
    >
      <AmountInput label={t('earnAmountLabel')} error={errors.amount?.message} hint={t('earnAmountHint')} field={form.register('amount')} />
      <Select label={t('earnCategoryLabel')} error={errors.category?.message} {...form.register('category')}>
        {Category.options.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </Select>
      <NoteInput error={errors.note?.message} field={form.register('note')} />
      <MovementError message={errors.root?.server?.message} />
      <Button type="submit" size="lg" variant="success" className="w-full" disabled={!canTransact} loading={earn.isPending}>
        {!earn.isPending && <PlusCircle aria-hidden="true" className="h-5 w-5" />}
        {t('earnSubmit')}
      </Button>
    </form>
  );
}

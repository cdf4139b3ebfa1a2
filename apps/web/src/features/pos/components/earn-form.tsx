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
import { BONUS_REASON_LABELS, CATEGORY_LABELS } from '@/lib/labels';
import { enqueueMovement } from '@/lib/offline/queue';
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

/** The rewards credited with an earn, one line each: 'Referral bonus +$5.00' (docs/product.md 'Rewards'). */
function bonusLines(result: Pick<EarnResponse, 'bonuses'>): string[] {
  return (result.bonuses ?? []).map((b) =>
    translate(posMessages, 'earnBonus', { reason: BONUS_REASON_LABELS[b.reason] ?? b.reason, amount: formatCents(b.amountCents) }),
  );
}

/** The success toast of an earn: the cashback and the new balance, then a line per bonus credited with it. */
function EarnSuccess({ result }: { result: Pick<EarnResponse, 'cashbackEarned' | 'newBalance' | 'bonuses'> }) {
  const t = useMessages(posMessages);
  return (
    <div>
      <p>{t('earnSuccess', { earned: formatCents(result.cashbackEarned), balance: formatCents(result.newBalance) })}</p>
      {bonusLines(result).map((line, i) => (
        <p key={i} className="font-semibold">
          {line}
        </p>
      ))}
    </div>
  );
}

/**
 * Earn Cashback tab: purchase amount in dollars (required, above $0, '$' and
 * ',' accepted), category (PURCHASE default), optional note. Sends cents with the user's storeId
 * and an Idempotency-Key that is reused only when the same failed submission is retried. A bad
 * amount is explained under the field on submit or blur; the button is off only while sending
 * or when the subscription does not allow transactions. Success: a toast (with the bonuses the
 * purchase brought, 'Referral bonus +$5.00'), the form clears. Offline (the browser says so, or
 * the request got no answer) the purchase is queued on this till with its key and the time the
 * button was pressed (`occurredAt`), and sent when the connection is back (docs/product.md
 * 'Offline till').
 */
export function EarnForm({ slug, card, storeId, canTransact, onDone }: PosFormProps) {
  const earn = useEarn(slug);
  const t = useMessages(posMessages);
  const send = usePosMovement(earn, t('earnFailed'));
  const schema = useMemo(earnFormSchema, []);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' });
  const { errors } = form.formState;

  const clear = () => {
    form.setFocus('amount'); // before reset(), which drops the field refs until the next render
    form.reset(EMPTY);
  };

  const submit = form.handleSubmit(({ amount, category, note }) => {
    const body: EarnRequest = { cardUid: card.cardUid, amountCents: amount, category, storeId: storeId ?? undefined, note: note || undefined };
    const occurredAt = new Date().toISOString();
    send(body, {
      onSuccess: (result) => {
        toast.success(<EarnSuccess result={result} />);
        clear();
        onDone([t('earnLastResult', { earned: formatCents(result.cashbackEarned), amount: formatCents(amount) }), ...bonusLines(result)].join(' · '));
      },
      onError: (message, error) => {
        for (const e of posFieldErrors(error, ['amount', 'category', 'note'] as const)) form.setError(e.field, { message: e.message });
        form.setError('root.server', { message });
      },
      onOffline: async (key, sentOnline) => {
        try {
          await enqueueMovement({ kind: 'earn', body: { ...body, occurredAt }, key, slug, occurredAt, sentOnline });
        } catch (error) {
          form.setError('root.server', { message: t('earnQueueFailed') });
          throw error;
        }
        toast.info(t('earnQueued', { amount: formatCents(amount) }));
        clear();
        onDone(t('earnQueuedResult', { amount: formatCents(amount) }));
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

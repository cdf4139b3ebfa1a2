import { useMemo } from 'react';
import type { PosFormProps } from '../types';
import { zodResolver } from '@hookform/resolvers/zod';
import { RedeemRequest, type RedeemResponse } from '@loyalty/contract';
import { MinusCircle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { dollarsToCents, formatCents } from '@/lib/format';
import { useRedeem } from '../api/redeem';
import { usePosMovement } from '../hooks/use-pos-movement';
import { centsToDollarsText, dollarsField, noteField, posFieldErrors } from '../lib/pos-form';
import { AmountInput, MovementError, NoteInput } from './pos-fields';
import { RedeemBalance } from './redeem-balance';
import { translate, useMessages } from '@/lib/i18n';
import { useOnline } from '@/lib/offline/use-offline';
import { useOfflineRedeem } from '../hooks/use-offline-redeem';
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

/** Under the redeem form offline: 'Redemptions need a connection', or the cap an allowed offline redemption may reach. */
function OfflineRedeemNote({ allowed, maxCents }: { allowed: boolean; maxCents: number }) {
  const t = useMessages(posMessages);
  if (!allowed) return <Alert tone="warning">{t('redeemNeedsConnection')}</Alert>;
  return <Alert tone="info">{t('redeemOfflineAllowed', { max: formatCents(maxCents) })}</Alert>;
}

/**
 * Redeem tab: amount in dollars, at most the card balance ('Available: $X');
 * an amount above the balance is explained as it is typed and turns the button off (spec: 'disabled
 * if exceeded'); other bad amounts are explained on submit or blur. Sends cents with the user's
 * storeId and an Idempotency-Key reused only for a retry of the same failed submission.
 * Offline (docs/product.md 'Offline till'): unless the Store Admin allows offline redemptions the
 * form says 'Redemptions need a connection' and sends nothing; when allowed, a redemption within
 * the caps and the card's kept balance is queued on this till with its key and `occurredAt`
 * (also one whose online request got no answer), the card shown loses the amount, and one over a
 * cap is refused with its message.
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
  const online = useOnline();
  const offline = useOfflineRedeem(slug, online);
  const blocked = !canTransact || (!online && !offline.allowed) || redeem.isPending;
  const clear = () => {
    form.setFocus('amount'); // before reset(), which drops the field refs until the next render
    form.reset(EMPTY);
  };

  const submit = form.handleSubmit(({ amount, note }) => {
    const body: RedeemRequest = { cardUid: card.cardUid, amountCents: amount, storeId: storeId ?? undefined, note: note || undefined };
    const occurredAt = new Date().toISOString();
    const refuse = (message: string) => form.setError('root.server', { message });
    send(body, {
      onSuccess: (result) => {
        toast.success(redeemSuccessMessage(result));
        clear();
        onDone(t('redeemLastResult', { amount: formatCents(result.amountRedeemed) }));
      },
      onError: (message, error) => {
        for (const e of posFieldErrors(error, ['amount', 'note'] as const)) form.setError(e.field, { message: e.message });
        refuse(message);
      },
      onOffline: offline.allowed
        ? async (key, sentOnline) => {
            const refusal = await offline.queue({ slug, key, body, occurredAt, sentOnline }, balance).catch((error: unknown) => {
              refuse(t('redeemQueueFailed'));
              throw error;
            });
            if (refusal) {
              refuse(refusal);
              throw new Error(refusal); // the key stays for the cashier's retry
            }
            toast.info(t('redeemQueued', { amount: formatCents(amount) }));
            clear();
            onDone(t('redeemQueuedResult', { amount: formatCents(amount) }));
          }
        : undefined,
    });
  });

  return (
    <form noValidate aria-label={t('redeemFormLabel')} onSubmit={(e) => (blocked ? e.preventDefault() : void submit(e))} className="space-y-4">
      <AmountInput label={t('redeemAmountLabel')} error={errors.amount?.message ?? (tooMuch ? exceeds(balance) : undefined)} field={form.register('amount')} />
      <RedeemBalance balanceCents={balance} onUseAll={() => form.setValue('amount', centsToDollarsText(balance), { shouldValidate: true })} />
      <NoteInput error={errors.note?.message} field={form.register('note')} />
      <MovementError message={errors.root?.server?.message} />
      {!online && <OfflineRedeemNote allowed={offline.allowed} maxCents={offline.maxPerTransactionCents} />}
      <Button type="submit" size="lg" className="w-full" disabled={!canTransact || (!online && !offline.allowed) || tooMuch} loading={redeem.isPending}>
        {!redeem.isPending && <MinusCircle aria-hidden="true" className="h-5 w-5" />}
        {t('redeemSubmit')}
      </Button>
    </form>
  );
}

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

/**
 * The dollar amount of a POS movement: a text box (not type=number, so '$1,234.56' can be typed
 * or pasted) with the decimal keypad on phones, a '$' inside, focused on load so the cashier can
 * type at once. `field`: react-hook-form's `register('amount')`; `error` shows under the box
 * (and replaces the `hint`) with aria-invalid set.
 */
export function AmountInput({ label, error, hint, field }: { label: string; error?: string; hint?: ReactNode; field: UseFormRegisterReturn }) {
  return (
    <Input
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      required
      placeholder="0.00"
      autoFocus
      leading="$"
      className="h-12 text-lg tabular-nums"
      error={error}
      hint={hint}
      {...field}
    />
  );
}

/** 'Note (optional)' of a POS movement, at most 500 characters. `field`: `register('note')`. */
export function NoteInput({ error, field }: { error?: string; field: UseFormRegisterReturn }) {
  const t = useMessages(posMessages);
  return <Textarea label={t('noteLabel')} rows={2} maxLength={500} error={error} {...field} />;
}

/**
 * Why the server refused the last movement (its message, else 'Transaction
 * failed' / 'Redemption failed'), shown in the form above the button until the next submit.
 */
export function MovementError({ message }: { message?: string }) {
  return message ? <Alert tone="error">{message}</Alert> : null;
}

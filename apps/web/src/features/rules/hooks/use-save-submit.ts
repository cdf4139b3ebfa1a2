import type { UseMutationResult } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { saveErrorMessage } from '@/lib/server-field-errors';

/** What {@link useSaveSubmit} needs besides the form and the mutation. */
export interface SaveSubmitOptions<F, B, R> {
  /** The request body of the validated form values. */
  toBody: (values: F) => B;
  /** The form values of what the server stored (the form resets to them). */
  toForm: (stored: R) => F;
  /** The success toast. */
  saved: string;
  /** The failure toast when the server's answer carries no text of its own. */
  failed: string;
}

/**
 * The save of a Rules & Settings form saved as one whole (cashback rules, expiry rule, time
 * zone), as the props RulesFormCard (components/rules-form-parts) takes: `onSubmit` validates and sends
 * `toBody(values)` through `save`, on success resets the form to `toForm(answer)` and toasts
 * `saved`, on failure toasts the server's text, else `failed`; `dirty`, `pending` and
 * `onDiscard` (reset to what is stored) for the header and the bottom bar.
 */
export function useSaveSubmit<F extends FieldValues, B, R>(form: UseFormReturn<F>, save: UseMutationResult<R, Error, B>, options: SaveSubmitOptions<F, B, R>) {
  const { toBody, toForm, saved, failed } = options;
  const onSubmit = form.handleSubmit((values) => {
    save.mutate(toBody(values), {
      onSuccess: (stored) => {
        form.reset(toForm(stored));
        toast.success(saved);
      },
      onError: (err) => toast.error(saveErrorMessage(err, failed)),
    });
  });
  return { onSubmit, dirty: form.formState.isDirty, pending: save.isPending, onDiscard: () => form.reset() };
}

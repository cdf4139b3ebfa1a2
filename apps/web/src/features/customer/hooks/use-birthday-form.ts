import { zodResolver } from '@hookform/resolvers/zod';
import type { Birthday, BirthdayView } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api';
import { toBirthdayFields, type BirthdayFields } from '@/lib/birthday';
import { translate } from '@/lib/i18n';
import { useSaveMyBirthday } from '../api/my-birthday';
import { birthdayFieldErrors, birthdayFormSchema } from '../lib/birthday';
import { customerMessages } from '../messages';

/**
 * The customer's birthday form (docs/product.md 'Rewards'): starts at the stored birthday.
 * `onSubmit` validates and sends it, `remove` sends null; on success the form shows what is stored
 * and 'Your birthday was saved' / 'Your birthday was removed' is toasted; on failure `error` holds
 * the server's text (else 'Failed to save your birthday. Please try again.') and its field
 * messages go under their fields. `removing` while a removal runs.
 */
export function useBirthdayForm(slug: string, stored: BirthdayView | null) {
  const save = useSaveMyBirthday(slug);
  const form = useForm<BirthdayFields, unknown, Birthday>({ resolver: zodResolver(birthdayFormSchema()), defaultValues: toBirthdayFields(stored) });

  const send = (birthday: Birthday | null) =>
    save.mutate(birthday, {
      onSuccess: (answer) => {
        form.reset(toBirthdayFields(answer.birthday));
        toast.success(translate(customerMessages, answer.birthday ? 'birthdaySaved' : 'birthdayRemoved'));
      },
      onError: (err) => {
        for (const { field, message } of birthdayFieldErrors(err)) form.setError(field, { type: 'server', message });
      },
    });

  return {
    form,
    onSubmit: form.handleSubmit(send),
    remove: () => send(null),
    pending: save.isPending,
    removing: save.isPending && save.variables === null,
    error: save.isError ? errorMessage(save.error, translate(customerMessages, 'birthdaySaveFailed')) : null,
  };
}

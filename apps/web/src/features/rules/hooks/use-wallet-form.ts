import { zodResolver } from '@hookform/resolvers/zod';
import type { WalletBrandingResponse } from '@loyalty/contract';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import { useSaveWalletBranding } from '../api/save-wallet-branding';
import { WALLET_FIELDS, WalletForm, contrastProblemsOf, toWalletBody, toWalletForm } from '../lib/wallet';
import { rulesMessages } from '../messages';

/**
 * The Wallet form's state and save (docs/product.md 'Wallet passes'): the form starts at the
 * stored look; `values` are the values as typed (the live preview draws them) and `problems`
 * the colours failing WCAG AA now (shown under them). `card` is what RulesFormCard takes: its
 * `onSubmit` validates, refuses while a colour fails the contrast (focus on it, nothing sent),
 * else sends the PUT; on success the form resets to the saved look and 'Wallet pass saved
 * successfully' is toasted; on failure the server's text is toasted (else 'Failed to save
 * wallet pass. Please try again.') and its field messages go under their fields.
 */
export function useWalletForm(slug: string, look: WalletBrandingResponse) {
  const save = useSaveWalletBranding(slug);
  const form = useForm<WalletForm>({ resolver: zodResolver(WalletForm), defaultValues: toWalletForm(look) });
  const [programName, backgroundColor, foregroundColor, labelColor, terms] = useWatch({ control: form.control, name: [...WALLET_FIELDS] });
  const values: WalletForm = { programName, backgroundColor, foregroundColor, labelColor, terms };

  const onSubmit = form.handleSubmit((typed) => {
    const refused = contrastProblemsOf(typed)[0];
    if (refused) {
      form.setFocus(refused.field);
      return;
    }
    save.mutate(toWalletBody(typed), {
      onSuccess: (stored) => {
        form.reset(toWalletForm(stored));
        toast.success(translate(rulesMessages, 'walletSaved'));
      },
      onError: (err) => {
        for (const { field, message } of serverFieldErrors(err, WALLET_FIELDS)) form.setError(field, { message });
        toast.error(saveErrorMessage(err, translate(rulesMessages, 'walletFailed')));
      },
    });
  });

  return {
    form,
    values,
    problems: contrastProblemsOf(values),
    card: { onSubmit, dirty: form.formState.isDirty, pending: save.isPending, onDiscard: () => form.reset() },
  };
}

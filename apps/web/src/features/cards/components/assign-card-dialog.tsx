import type { CardResponse } from '@loyalty/contract';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { useActivateCard } from '../api/activate-card';
import { useAssignCardForm } from '../hooks/use-assign-card-form';
import { AssignCustomerFields } from './assign-customer-fields';
import { StoreSelect } from './store-select';
import { RichMessage, useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * 'Assign Card' modal: activates an UNASSIGNED card for a store and a customer, either an existing
 * one without cards (searchable, debounced 300 ms) or a new one created with it. Success: 'Card
 * assigned successfully', close (the form resets as it unmounts); failure: the server message, else
 * 'Failed to assign card', in an alert at the top of the dialog, and the server's field messages
 * (400 details, a duplicate e-mail, an unknown referral code) on their fields. An optional referral
 * code (a friend's, docs/product.md 'Rewards') is sent as `referralCode` when typed.
 */
export function AssignCardDialog({ slug, card, onClose }: { slug: string; card: CardResponse | null; onClose: () => void }) {
  const activate = useActivateCard(slug);
  const t = useMessages(cardsMessages);
  return (
    <FormDialog
      open={card !== null}
      onClose={onClose}
      size="lg"
      title={t('assignTitle')}
      description={
        card ? (
          <RichMessage
            catalog={cardsMessages}
            id="assignDescription"
            values={{ uid: card.cardUid }}
            components={{ uid: <span className="font-mono font-medium tracking-wider text-slate-700" /> }}
          />
        ) : undefined
      }
      pending={activate.isPending}
      submitLabel={t('assignTitle')}
    >
      {(formId) => card && <AssignCardForm slug={slug} card={card} formId={formId} activate={activate} onDone={onClose} />}
    </FormDialog>
  );
}

/** The form inside 'Assign Card': server alert, store, the customer choice, then an optional referral code; submitted by the dialog's footer button. */
function AssignCardForm({
  slug,
  card,
  formId,
  activate,
  onDone,
}: {
  slug: string;
  card: CardResponse;
  formId: string;
  activate: ReturnType<typeof useActivateCard>;
  onDone: () => void;
}) {
  const t = useMessages(cardsMessages);
  const { form, storeOptions, canPickExisting, mode, customerId, onSubmit } = useAssignCardForm(slug, card, activate, onDone);
  const { errors } = form.formState;
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <StoreSelect
        stores={storeOptions.activeStores}
        pending={storeOptions.isPending}
        loadError={storeOptions.error}
        error={errors.storeId?.message}
        register={form.register('storeId')}
      />
      <AssignCustomerFields slug={slug} form={form} canPickExisting={canPickExisting} mode={mode} customerId={customerId} />
      <Input
        label={t('referralCodeOptional')}
        hint={t('referralCodeHint')}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        error={errors.referralCode?.message}
        {...form.register('referralCode')}
      />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { CardResponse } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { errorMessage } from '@/lib/api';
import { useAssignStore } from '../api/assign-store';
import { useStoreOptions } from '../hooks/use-store-options';
import { customerName } from '../lib/labels';
import { StoreSelect } from './store-select';
import { RichMessage, translate, useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

const assignStoreSchema = () => z.object({ storeId: z.string().min(1, translate(cardsMessages, 'assignStoreRequired')) });
type AssignStoreValues = z.infer<ReturnType<typeof assignStoreSchema>>;

/**
 * 'Assign Store to Card' modal (a store must be selected). Moves an assigned card to another store;
 * its balance and transactions stay with the customer. Success: 'Card store assignment updated
 * successfully' and close; failure: the server message, else 'Failed to update card store
 * assignment'.
 */
export function AssignStoreDialog({ slug, card, onClose }: { slug: string; card: CardResponse | null; onClose: () => void }) {
  const mutation = useAssignStore(slug);
  const t = useMessages(cardsMessages);
  const name = card ? customerName(card.customer) : null;
  return (
    <FormDialog
      open={card !== null}
      onClose={onClose}
      size="sm"
      title={t('assignStoreTitle')}
      description={
        card ? (
          <RichMessage
            catalog={cardsMessages}
            id={name ? 'assignStoreDescriptionOf' : 'assignStoreDescription'}
            values={{ uid: card.cardUid, name: name ?? undefined }}
            components={{ uid: <span className="font-mono font-medium tracking-wider text-slate-700" /> }}
          />
        ) : undefined
      }
      pending={mutation.isPending}
      submitLabel={t('assignStoreSubmit')}
    >
      {(formId) => card && <AssignStoreForm slug={slug} card={card} formId={formId} mutation={mutation} onDone={onClose} />}
    </FormDialog>
  );
}

function AssignStoreForm({
  slug,
  card,
  formId,
  mutation,
  onDone,
}: {
  slug: string;
  card: CardResponse;
  formId: string;
  mutation: ReturnType<typeof useAssignStore>;
  onDone: () => void;
}) {
  const t = useMessages(cardsMessages);
  const { activeStores, isPending, error } = useStoreOptions(slug);
  const form = useForm<AssignStoreValues>({ resolver: zodResolver(assignStoreSchema()), defaultValues: { storeId: card.storeId ?? '' } });

  const onSubmit = form.handleSubmit(({ storeId }) => {
    mutation.mutate(
      { cardUid: card.cardUid, storeId },
      {
        onSuccess: () => {
          toast.success(t('assignStoreDone'));
          onDone();
        },
        onError: (err) => toast.error(errorMessage(err, t('assignStoreFailed'))),
      },
    );
  });

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-600">
        <RichMessage
          catalog={cardsMessages}
          id="currentStore"
          values={{ store: card.storeName ?? t('none') }}
          components={{ store: <span className="font-medium text-slate-900" /> }}
        />
      </p>
      <StoreSelect
        stores={activeStores}
        pending={isPending}
        loadError={error}
        error={form.formState.errors.storeId?.message}
        register={form.register('storeId')}
        label={t('newStore')}
      />
    </form>
  );
}

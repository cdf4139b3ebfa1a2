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

const AssignStoreSchema = z.object({ storeId: z.string().min(1, 'Store is required') });
type AssignStoreValues = z.infer<typeof AssignStoreSchema>;

/**
 * 'Assign Store to Card' modal (a store must be selected). Moves an assigned card to another store;
 * its balance and transactions stay with the customer. Success: 'Card store assignment updated
 * successfully' and close; failure: the server message, else 'Failed to update card store
 * assignment'.
 */
export function AssignStoreDialog({ slug, card, onClose }: { slug: string; card: CardResponse | null; onClose: () => void }) {
  const mutation = useAssignStore(slug);
  return (
    <FormDialog
      open={card !== null}
      onClose={onClose}
      size="sm"
      title="Assign Store to Card"
      description={
        card ? (
          <>
            Card <span className="font-mono font-medium tracking-wider text-slate-700">{card.cardUid}</span>
            {customerName(card.customer) ? ` of ${customerName(card.customer)}` : ''}. Balance and history stay with the customer.
          </>
        ) : undefined
      }
      pending={mutation.isPending}
      submitLabel="Update Store"
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
  const { activeStores, isPending, error } = useStoreOptions(slug);
  const form = useForm<AssignStoreValues>({ resolver: zodResolver(AssignStoreSchema), defaultValues: { storeId: card.storeId ?? '' } });

  const onSubmit = form.handleSubmit(({ storeId }) => {
    mutation.mutate(
      { cardUid: card.cardUid, storeId },
      {
        onSuccess: () => {
          toast.success('Card store assignment updated successfully');
          onDone();
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to update card store assignment')),
      },
    );
  });

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-600">
        Current store: <span className="font-medium text-slate-900">{card.storeName ?? 'None'}</span>
      </p>
      <StoreSelect
        stores={activeStores}
        pending={isPending}
        loadError={error}
        error={form.formState.errors.storeId?.message}
        register={form.register('storeId')}
        label="New store"
      />
    </form>
  );
}

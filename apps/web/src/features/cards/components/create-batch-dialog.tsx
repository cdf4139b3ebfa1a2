import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useTenant } from '@/api/get-tenant';
import { useCreateBatch } from '../api/create-batch';
import { useBatchForm } from '../hooks/use-batch-form';
import { useStoreOptions } from '../hooks/use-store-options';
import { batchLimitMessage, cardAllowance, maxBatchSize } from '../lib/allowance';

/**
 * 'Create Card Batch' modal. Quantity 1 to min(1000, remaining allowance), default 10; a larger
 * number typed is clamped to the maximum and the message says why (subscription or trial shortfall
 * with the real numbers, or the 1000 cap). Optional store. Success: 'Successfully created {n}
 * cards', the modal closes (and resets, as its form unmounts). Failures: the server's texts, some
 * as warnings.
 */
export function CreateBatchDialog({ slug, open, onClose }: { slug: string; open: boolean; onClose: () => void }) {
  const batch = useCreateBatch(slug);
  const tenant = useTenant(slug);
  const noneLeft = tenant.data ? maxBatchSize(cardAllowance(tenant.data)) === 0 : false;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create Card Batch"
      description="New cards start unassigned; assign them to customers when you hand them out."
      pending={batch.isPending}
      submitLabel="Create Cards"
      submitDisabled={noneLeft}
    >
      {(formId) => <BatchForm slug={slug} formId={formId} batch={batch} onDone={onClose} />}
    </FormDialog>
  );
}

/** The batch form: limit alerts, Quantity (clamped to the allowance) and the optional store; submitted by the dialog's footer button. */
function BatchForm({ slug, formId, batch, onDone }: { slug: string; formId: string; batch: ReturnType<typeof useCreateBatch>; onDone: () => void }) {
  const { allowance, max, none, quantity, onQuantity, storeId, setStoreId, error, warning, submit } = useBatchForm(slug, batch, onDone);
  const { activeStores } = useStoreOptions(slug);
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      {none && allowance && <Alert tone="error">{batchLimitMessage(1, allowance)}</Alert>}
      {warning && <Alert tone="warning">{warning}</Alert>}
      <Input
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        step={1}
        value={quantity}
        onChange={(e) => onQuantity(e.target.value)}
        disabled={none || batch.isPending}
        error={error}
        hint={
          allowance && Number.isFinite(allowance.remaining)
            ? `From 1 to ${max}. You can create ${allowance.remaining} more ${allowance.remaining === 1 ? 'card' : 'cards'} ${allowance.mode === 'subscription' ? 'on your plan' : 'in your trial'}.`
            : 'From 1 to 1000 cards at once.'
        }
      />
      <Select label="Store (optional)" value={storeId} onChange={(e) => setStoreId(e.target.value)} disabled={none || batch.isPending}>
        <option value="">No store (choose when assigning)</option>
        {activeStores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
    </form>
  );
}

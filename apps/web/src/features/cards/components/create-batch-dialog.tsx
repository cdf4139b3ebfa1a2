import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useTenant } from '@/api/get-tenant';
import { useCreateBatch } from '../api/create-batch';
import { useBatchForm } from '../hooks/use-batch-form';
import { useStoreOptions } from '../hooks/use-store-options';
import { batchLimitMessage, cardAllowance, maxBatchSize } from '../lib/allowance';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

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
  const t = useMessages(cardsMessages);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('createBatch')}
      description={t('batchDescription')}
      pending={batch.isPending}
      submitLabel={t('batchSubmit')}
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
  const t = useMessages(cardsMessages);
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
        label={t('quantity')}
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
            ? t(allowance.mode === 'subscription' ? 'batchHintPlan' : 'batchHintTrial', { max, count: allowance.remaining })
            : t('batchHintDefault')
        }
      />
      <Select label={t('storeOptional')} value={storeId} onChange={(e) => setStoreId(e.target.value)} disabled={none || batch.isPending}>
        <option value="">{t('noStore')}</option>
        {activeStores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
    </form>
  );
}

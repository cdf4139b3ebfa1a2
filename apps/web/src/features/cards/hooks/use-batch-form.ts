import { useState } from 'react';
import { DEFAULT_BATCH_SIZE } from '@loyalty/contract';
import { toast } from 'react-toastify';
import { useTenant } from '@/api/get-tenant';
import { batchErrorFeedback, batchSuccessMessage, type useCreateBatch } from '../api/create-batch';
import { batchLimitMessage, cardAllowance, maxBatchSize } from '../lib/allowance';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * State of the 'Create Card Batch' form. `max` is min(1000, remaining allowance); a larger quantity
 * typed is clamped to it and `notice` carries the limit message; `error` is the 'Enter a quantity
 * …' field error. `submit` creates the batch through `batch`, toasts success (then calls `onDone`)
 * or failure (some as warnings).
 */
export function useBatchForm(slug: string, batch: ReturnType<typeof useCreateBatch>, onDone: () => void) {
  const tenant = useTenant(slug);
  const allowance = tenant.data ? cardAllowance(tenant.data) : null;
  const max = maxBatchSize(allowance);
  const [quantity, setQuantity] = useState(() => String(Math.max(1, Math.min(DEFAULT_BATCH_SIZE, max))));
  const [storeId, setStoreId] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const none = max === 0;
  const count = Number(quantity);
  // A quota that shrank since the number was typed (another batch, a refetch) still clamps.
  const overNow = Number.isInteger(count) && count > max && !none;

  function onQuantity(raw: string) {
    setError(undefined);
    if (raw.trim() === '') {
      setQuantity('');
      setNotice(null);
      return;
    }
    const n = Math.floor(Number(raw));
    if (!Number.isFinite(n)) return;
    if (n > max) {
      setNotice(batchLimitMessage(n, allowance));
      setQuantity(String(Math.max(1, max)));
    } else {
      setNotice(null);
      setQuantity(String(Math.max(1, n)));
    }
  }

  function submit() {
    if (none) return;
    if (!Number.isInteger(count) || count < 1) {
      setError(translate(cardsMessages, 'batchQuantityRange', { max }));
      return;
    }
    if (count > max) {
      setNotice(batchLimitMessage(count, allowance));
      setQuantity(String(max));
      return;
    }
    batch.mutate(
      { count, storeId: storeId || null },
      {
        onSuccess: (result) => {
          toast.success(batchSuccessMessage(result.created));
          onDone();
        },
        onError: (err) => {
          const feedback = batchErrorFeedback(err);
          if (feedback.level === 'warning') toast.warning(feedback.message);
          else toast.error(feedback.message);
        },
      },
    );
  }

  const warning = !none && (notice || overNow) ? (notice ?? batchLimitMessage(count, allowance)) : null;
  return { allowance, max, none, quantity, onQuantity, storeId, setStoreId, error, warning, submit };
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import type { StoreOption } from '../hooks/use-store-options';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** The required store select of the card forms, with its loading and error states. */
export function StoreSelect({
  stores,
  pending,
  loadError,
  error,
  register,
  label,
}: {
  stores: StoreOption[];
  pending: boolean;
  loadError: unknown;
  error?: string;
  register: UseFormRegisterReturn<'storeId'>;
  label?: string;
}) {
  const t = useMessages(cardsMessages);
  if (loadError) return <Alert tone="error">{errorMessage(loadError, t('storesLoadFailed'))}</Alert>;
  return (
    <Select label={label ?? t('store')} disabled={pending} error={error} {...register}>
      <option value="">{pending ? t('loadingStores') : t('selectStore')}</option>
      {stores.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </Select>
  );
}

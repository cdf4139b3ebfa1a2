import type { UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import type { StoreOption } from '../hooks/use-store-options';

/** The required store select of the card forms, with its loading and error states. */
export function StoreSelect({
  stores,
  pending,
  loadError,
  error,
  register,
  label = 'Store',
}: {
  stores: StoreOption[];
  pending: boolean;
  loadError: unknown;
  error?: string;
  register: UseFormRegisterReturn<'storeId'>;
  label?: string;
}) {
  if (loadError) return <Alert tone="error">{errorMessage(loadError, 'Failed to load stores')}</Alert>;
  return (
    <Select label={label} disabled={pending} error={error} {...register}>
      <option value="">{pending ? 'Loading stores…' : 'Select a store'}</option>
      {stores.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </Select>
  );
}

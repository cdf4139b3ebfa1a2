import { useId, useState } from 'react';
import type { AvailableCustomersResponse } from '@loyalty/contract';
import { UserRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { SearchField } from '@/components/ui/search-field';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage, isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useAvailableCustomers } from '../api/get-available-customers';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * Searchable list of the customers without cards (GET /customers/available, search debounced
 * 300 ms). A radio group: exactly one customer is chosen (`value`: its id, '' for none).
 * `error` shows under the list; `onCreateNew` switches the dialog to 'New customer' (offered
 * when the list is empty or fails to load).
 */
export function ExistingCustomerPicker({
  slug,
  value,
  onChange,
  error,
  onCreateNew,
}: {
  slug: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  onCreateNew: () => void;
}) {
  const t = useMessages(cardsMessages);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const customers = useAvailableCustomers(slug, term);
  const list = customers.data?.customers ?? [];
  const groupId = useId();
  const createNew = (
    <button type="button" onClick={onCreateNew} className="mt-2 text-sm font-medium text-indigo-600 hover:text-indigo-500">
      {t('createNewInstead')}
    </button>
  );

  return (
    <div className="space-y-3">
      <SearchField label={t('searchCustomers')} placeholder={t('searchCustomersPlaceholder')} value={search} onChange={setSearch} />
      <div
        role="radiogroup"
        aria-label={t('customersWithoutCard')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${groupId}-error` : undefined}
        aria-busy={customers.isFetching || undefined}
        className={cn('max-h-64 overflow-y-auto rounded-lg border', error ? 'border-red-400' : 'border-slate-200')}
      >
        {customers.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-slate-500">
            <Spinner label={t('loadingCustomers')} />
            {t('loadingCustomersEllipsis')}
          </div>
        ) : customers.isError ? (
          <div className="space-y-2 p-3 text-center">
            <Alert tone="error">{isApiError(customers.error, 403) ? t('onlyAdminExisting') : errorMessage(customers.error, t('customersLoadFailed'))}</Alert>
            {createNew}
          </div>
        ) : list.length === 0 ? (
          <div className="px-4 py-8 text-center text-sm text-slate-500">
            <p>{term ? t('noCustomersMatch', { term }) : t('everyCustomerHasCard')}</p>
            {createNew}
          </div>
        ) : (
          <ul className={cn('divide-y divide-slate-100', customers.isPlaceholderData && 'opacity-60')}>
            {list.map((c) => (
              <CustomerOption key={c.id} customer={c} name={`${groupId}-customer`} checked={c.id === value} onChoose={() => onChange(c.id)} />
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={`${groupId}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** One customer of the picker: a radio with the name and e-mail · phone. */
function CustomerOption({
  customer: c,
  name,
  checked,
  onChoose,
}: {
  customer: AvailableCustomersResponse['customers'][number];
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const contact = [c.email, c.phone].filter(Boolean).join(' · ');
  return (
    <li>
      <label className={cn('flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-slate-50', checked && 'bg-indigo-50 hover:bg-indigo-50')}>
        <input type="radio" name={name} value={c.id} checked={checked} onChange={onChoose} className="h-4 w-4 accent-indigo-600" />
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <UserRound aria-hidden="true" className="h-4 w-4" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-slate-900">
            {c.firstName} {c.lastName}
          </span>
          {contact && <span className={cn('block truncate text-xs', checked ? 'text-slate-600' : 'text-slate-500')}>{contact}</span>}
        </span>
      </label>
    </li>
  );
}

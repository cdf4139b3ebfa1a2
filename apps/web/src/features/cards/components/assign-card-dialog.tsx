import { useEffect, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { NewCustomerInput, type CardActivateRequest, type CardResponse } from '@loyalty/contract';
import { Search, UserRound } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { errorMessage, isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useActivateCard } from '../api/activate-card';
import { useAvailableCustomers } from '../api/get-available-customers';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useStoreOptions } from '../hooks/use-store-options';
import { StoreSelect } from './store-select';

type Mode = 'existing' | 'new';
const MODES = [
  { value: 'existing', label: 'Existing customer' },
  { value: 'new', label: 'New customer' },
] as const;

/**
 * The Assign Card form (spec §5 'Assign card'): a store is required; 'Existing customer' needs a
 * chosen customer; 'New customer' needs first and last name (email checked as an address, phone
 * free text) with the contract's NewCustomerInput rules and messages.
 */
const AssignSchema = z
  .object({
    mode: z.enum(['existing', 'new']),
    storeId: z.string().min(1, 'Store is required'),
    customerId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'existing') {
      if (!v.customerId) ctx.addIssue({ code: 'custom', path: ['customerId'], message: 'Select a customer' });
      return;
    }
    const parsed = NewCustomerInput.safeParse({ firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone });
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
  });
type AssignFormValues = z.infer<typeof AssignSchema>;

/**
 * 'Assign Card' modal (spec §2, §4 'Card', §5 'Assign card'): activates an UNASSIGNED card for a
 * store and a customer, either an existing one without cards (searchable, debounced 300 ms) or a
 * new one created with it. Success: 'Card assigned successfully', close (the form resets as it
 * unmounts); failure: the server message, else 'Failed to assign card'.
 */
export function AssignCardDialog({ slug, card, onClose }: { slug: string; card: CardResponse | null; onClose: () => void }) {
  const activate = useActivateCard(slug);
  const formId = useId();
  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      size="lg"
      title="Assign Card"
      description={
        card ? (
          <>
            Card <span className="font-mono font-medium tracking-wider text-slate-700">{card.cardUid}</span> becomes active for the customer you choose.
          </>
        ) : undefined
      }
      dismissible={!activate.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={activate.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={activate.isPending}>
            Assign Card
          </Button>
        </>
      }
    >
      {card && <AssignCardForm slug={slug} card={card} formId={formId} activate={activate} onDone={onClose} />}
    </Dialog>
  );
}

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
  const storeOptions = useStoreOptions(slug);
  // GET /customers/available is tenant_admin only (spec §6: customers are admin-only), so a
  // cashier assigns cards to new customers.
  const canPickExisting = useAuthStore((s) => s.user?.role) !== 'cashier';
  const form = useForm<AssignFormValues>({
    resolver: zodResolver(AssignSchema),
    defaultValues: {
      mode: canPickExisting ? 'existing' : 'new',
      storeId: card.storeId ?? storeOptions.defaultStoreId,
      customerId: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
    },
  });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: 'mode' });
  const customerId = useWatch({ control: form.control, name: 'customerId' });
  // The store list may arrive after the form opened: fill the default then, unless one was chosen.
  const { defaultStoreId } = storeOptions;
  useEffect(() => {
    if (defaultStoreId && !form.getValues('storeId')) form.setValue('storeId', defaultStoreId);
  }, [defaultStoreId, form]);

  const onSubmit = form.handleSubmit((v) => {
    const body: CardActivateRequest =
      v.mode === 'existing'
        ? { cardUid: card.cardUid, storeId: v.storeId, customerId: v.customerId }
        : { cardUid: card.cardUid, storeId: v.storeId, customer: NewCustomerInput.parse({ firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone }) };
    activate.mutate(body, {
      onSuccess: () => {
        toast.success('Card assigned successfully');
        onDone();
      },
      onError: (err) => toast.error(errorMessage(err, 'Failed to assign card')),
    });
  });

  const newCustomerFields = (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="First name" autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
        <Input label="Last name" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Input label="Email (optional)" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
      <Input label="Phone (optional)" type="tel" autoComplete="off" error={errors.phone?.message} {...form.register('phone')} />
    </div>
  );

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
      <StoreSelect stores={storeOptions.activeStores} pending={storeOptions.isPending} loadError={storeOptions.error} error={errors.storeId?.message} register={form.register('storeId')} />

      {canPickExisting ? (
        <Tabs
          label="Customer"
          items={MODES}
          value={mode}
          onChange={(m: Mode) => {
            form.setValue('mode', m);
            form.clearErrors();
          }}
        >
          {mode === 'existing' ? (
            <ExistingCustomerPicker
              slug={slug}
              value={customerId}
              onChange={(id) => form.setValue('customerId', id, { shouldValidate: form.formState.isSubmitted })}
              error={errors.customerId?.message}
              onCreateNew={() => {
                form.setValue('mode', 'new');
                form.clearErrors();
              }}
            />
          ) : (
            newCustomerFields
          )}
        </Tabs>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">New customer: the card is assigned to a customer created now. A store admin can also assign existing customers.</p>
          {newCustomerFields}
        </div>
      )}
    </form>
  );
}

/**
 * Searchable list of the customers without cards (GET /customers/available, search debounced
 * 300 ms). A radio group: exactly one customer is chosen.
 */
function ExistingCustomerPicker({
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
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const customers = useAvailableCustomers(slug, term);
  const list = customers.data?.customers ?? [];
  const groupId = useId();

  return (
    <div className="space-y-3">
      <Input
        label="Search customers"
        hideLabel
        type="search"
        placeholder="Search by name, email or phone"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        leading={<Search aria-hidden="true" className="h-4 w-4" />}
        autoComplete="off"
      />
      <div
        role="radiogroup"
        aria-label="Customers without a card"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${groupId}-error` : undefined}
        aria-busy={customers.isFetching || undefined}
        className={cn('max-h-64 overflow-y-auto rounded-lg border', error ? 'border-red-400' : 'border-slate-200')}
      >
        {customers.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-slate-500">
            <Spinner label="Loading customers" />
            Loading customers…
          </div>
        ) : customers.isError ? (
          <div className="space-y-2 p-3 text-center">
            <Alert tone="error">
              {isApiError(customers.error, 403) ? 'Only a store admin can choose existing customers.' : errorMessage(customers.error, 'Failed to load customers')}
            </Alert>
            <button type="button" onClick={onCreateNew} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
              Create a new customer instead
            </button>
          </div>
        ) : list.length === 0 ? (
          <div className="px-4 py-8 text-center text-sm text-slate-500">
            <p>{term ? `No customers without a card match "${term}".` : 'Every customer already has a card.'}</p>
            <button type="button" onClick={onCreateNew} className="mt-2 font-medium text-indigo-600 hover:text-indigo-500">
              Create a new customer instead
            </button>
          </div>
        ) : (
          <ul className={cn('divide-y divide-slate-100', customers.isPlaceholderData && 'opacity-60')}>
            {list.map((c) => {
              const checked = c.id === value;
              const contact = [c.email, c.phone].filter(Boolean).join(' · ');
              return (
                <li key={c.id}>
                  <label className={cn('flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-slate-50', checked && 'bg-indigo-50 hover:bg-indigo-50')}>
                    <input type="radio" name={`${groupId}-customer`} value={c.id} checked={checked} onChange={() => onChange(c.id)} className="h-4 w-4 accent-indigo-600" />
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
            })}
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

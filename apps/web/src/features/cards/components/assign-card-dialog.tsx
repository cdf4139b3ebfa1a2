import { useEffect, useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { NewCustomerInput, type CardActivateRequest, type CardResponse } from '@loyalty/contract';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Tabs } from '@/components/ui/tabs';
import { errorMessage, fieldIssues, isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useActivateCard } from '../api/activate-card';
import { useStoreOptions } from '../hooks/use-store-options';
import { ExistingCustomerPicker } from './existing-customer-picker';
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
 * unmounts); failure: the server message, else 'Failed to assign card', in an alert at the top of
 * the dialog, and the server's field messages (400 details, a duplicate e-mail) on their fields.
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
      onError: (err) => {
        const message = errorMessage(err, 'Failed to assign card');
        const marked = assignFieldErrors(err, v.mode);
        for (const { field, message: text } of marked) form.setError(field, { type: 'server', message: text });
        if (marked.length === 0 && isApiError(err, 409) && /e-?mail/i.test(message) && v.mode === 'new') form.setError('email', { type: 'server', message });
        form.setError('root.server', { message });
      },
    });
  });

  const newCustomerFields = <NewCustomerFields register={form.register} errors={errors} />;

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
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

/** The new customer's fields (spec §5 'Assign card': first and last name required, e-mail and phone optional). */
function NewCustomerFields({ register, errors }: { register: UseFormRegister<AssignFormValues>; errors: FieldErrors<AssignFormValues> }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="First name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <Input label="Last name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <Input label="Email (optional)" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <Input label="Phone (optional)" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
    </div>
  );
}

/**
 * The server's field messages of a refused assignment (`details`: `body.storeId`,
 * `body.customerId`, `body.customer.<field>` or `body.<field>` for the new customer's fields),
 * as the form's field names; the customer fields only in `mode` 'new', the picker's in 'existing'.
 */
function assignFieldErrors(error: unknown, mode: Mode): Array<{ field: Exclude<keyof AssignFormValues, 'mode'>; message: string }> {
  const forMode: Record<Mode, readonly string[]> = { existing: ['storeId', 'customerId'], new: ['storeId', 'firstName', 'lastName', 'email', 'phone'] };
  return fieldIssues(error)
    .map((issue) => ({ field: issue.field.replace(/^customer\./, ''), message: issue.message }))
    .filter((issue): issue is { field: Exclude<keyof AssignFormValues, 'mode'>; message: string } => forMode[mode].includes(issue.field));
}

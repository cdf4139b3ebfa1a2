import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { NewCustomerInput, REFERRAL_CODE_UNKNOWN, ReferralCodeInput, type CardActivateRequest, type CardResponse } from '@loyalty/contract';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { errorMessage, fieldIssues, isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import type { useActivateCard } from '../api/activate-card';
import { useStoreOptions } from './use-store-options';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** How the card's customer is chosen: an existing customer without cards, or a new one created with the card. */
export type AssignMode = 'existing' | 'new';

/**
 * The Assign Card form: a store is required; 'Existing customer' needs a
 * chosen customer; 'New customer' needs first and last name (email checked as an address, phone
 * free text) with the contract's NewCustomerInput rules and messages. The referral code is
 * optional; when typed it must read as one (8 Crockford base32 characters, ReferralCodeInput).
 */
const assignSchema = () =>
  z
    .object({
      mode: z.enum(['existing', 'new']),
      storeId: z.string().min(1, translate(cardsMessages, 'assignStoreRequired')),
      customerId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      referralCode: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!ReferralCodeInput.safeParse(v.referralCode).success) ctx.addIssue({ code: 'custom', path: ['referralCode'], message: REFERRAL_CODE_UNKNOWN });
      if (v.mode === 'existing') {
        if (!v.customerId) ctx.addIssue({ code: 'custom', path: ['customerId'], message: translate(cardsMessages, 'assignSelectCustomer') });
        return;
      }
      const parsed = NewCustomerInput.safeParse({ firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone });
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
    });
/** Values of the Assign Card form (all strings; '' = not chosen / empty). */
export type AssignFormValues = z.infer<ReturnType<typeof assignSchema>>;
type AssignField = Exclude<keyof AssignFormValues, 'mode'>;

/**
 * The server's field messages of a refused assignment (`details`: `body.storeId`,
 * `body.customerId`, `body.referralCode`, `body.customer.<field>` or `body.<field>` for the new customer's fields),
 * as the form's field names; the customer fields only in `mode` 'new', the picker's in 'existing'.
 */
function assignFieldErrors(error: unknown, mode: AssignMode): Array<{ field: AssignField; message: string }> {
  const forMode: Record<AssignMode, readonly string[]> = {
    existing: ['storeId', 'customerId', 'referralCode'],
    new: ['storeId', 'firstName', 'lastName', 'email', 'phone', 'referralCode'],
  };
  return fieldIssues(error)
    .map((issue) => ({ field: issue.field.replace(/^customer\./, ''), message: issue.message }))
    .filter((issue): issue is { field: AssignField; message: string } => forMode[mode].includes(issue.field));
}

/**
 * Form state of 'Assign Card': cashiers may only create a new customer (GET /customers/available is
 * tenant_admin only), so `canPickExisting` is false for them. The store defaults to the card's
 * store, else the default store once the list arrives. `onSubmit` activates the card via
 * `activate` (with the referral code, normalised, only when one was typed); success toasts 'Card assigned successfully' and calls `onDone`; failure puts the
 * server message ('Failed to assign card' without one) in `root.server` and the server's field
 * messages (400 details, a duplicate e-mail) on their fields.
 */
export function useAssignCardForm(slug: string, card: CardResponse, activate: ReturnType<typeof useActivateCard>, onDone: () => void) {
  const storeOptions = useStoreOptions(slug);
  const canPickExisting = useAuthStore((s) => s.user?.role) !== 'cashier';
  const form = useForm<AssignFormValues>({
    resolver: zodResolver(assignSchema()),
    defaultValues: {
      mode: canPickExisting ? 'existing' : 'new',
      storeId: card.storeId ?? storeOptions.defaultStoreId,
      customerId: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      referralCode: '',
    },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const customerId = useWatch({ control: form.control, name: 'customerId' });
  // The store list may arrive after the form opened: fill the default then, unless one was chosen.
  const { defaultStoreId } = storeOptions;
  useEffect(() => {
    if (defaultStoreId && !form.getValues('storeId')) form.setValue('storeId', defaultStoreId);
  }, [defaultStoreId, form]);

  const onSubmit = form.handleSubmit((v) => {
    const referralCode = ReferralCodeInput.parse(v.referralCode);
    const body: CardActivateRequest = {
      cardUid: card.cardUid,
      storeId: v.storeId,
      ...(v.mode === 'existing'
        ? { customerId: v.customerId }
        : { customer: NewCustomerInput.parse({ firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone }) }),
      ...(referralCode ? { referralCode } : {}),
    };
    activate.mutate(body, {
      onSuccess: () => {
        toast.success(translate(cardsMessages, 'assignDone'));
        onDone();
      },
      onError: (err) => {
        const message = errorMessage(err, translate(cardsMessages, 'assignFailed'));
        const marked = assignFieldErrors(err, v.mode);
        for (const { field, message: text } of marked) form.setError(field, { type: 'server', message: text });
        if (marked.length === 0 && isApiError(err, 409) && /e-?mail/i.test(message) && v.mode === 'new') form.setError('email', { type: 'server', message });
        form.setError('root.server', { message });
      },
    });
  });

  return { form, storeOptions, canPickExisting, mode, customerId, onSubmit };
}

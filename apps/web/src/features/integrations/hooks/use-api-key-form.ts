import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateApiKeyRequest, type CreateApiKeyResponse } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useStores } from '@/api/get-stores';
import { translate } from '@/lib/i18n';
import type { useCreateApiKey } from '../api/api-keys';
import { applyServerErrors } from '../lib/server-errors';
import { integrationsMessages } from '../messages';

/** The 'Create API key' form: the contract's name and scopes rules; the store as the select's value ('' = all stores). */
const ApiKeyFormSchema = z.object({
  name: CreateApiKeyRequest.shape.name,
  scopes: CreateApiKeyRequest.shape.scopes,
  storeId: z.string(),
});
/** Values of the 'Create API key' form. */
export type ApiKeyFormValues = z.infer<typeof ApiKeyFormSchema>;
const FIELDS = ['name', 'scopes', 'storeId'] as const;

/**
 * State and submit of the 'Create API key' form (docs/product.md 'API keys and webhooks').
 * Validation: the contract's CreateApiKeyRequest (name 1–100 characters, at least one scope).
 * Submit posts `{ name (trimmed), scopes (in the form's order), storeId (null for all stores) }`
 * through `create`; success hands the {@link CreateApiKeyResponse} (with the key, shown once) to
 * `onCreated`. Failure: the server's field issues on their fields, anything else in `failure` (the
 * form's alert): the server's text, else 'Failed to create the API key. Please try again.' Also
 * gives the stores query and `storeOptions` (the active stores, for the Store select).
 */
export function useApiKeyForm({
  slug,
  create,
  onCreated,
}: {
  slug: string;
  create: ReturnType<typeof useCreateApiKey>;
  onCreated: (key: CreateApiKeyResponse) => void;
}) {
  const stores = useStores(slug);
  const form = useForm<ApiKeyFormValues>({ resolver: zodResolver(ApiKeyFormSchema), defaultValues: { name: '', scopes: [], storeId: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((v) => {
    setFailure(null);
    create.mutate(
      { name: v.name, scopes: v.scopes, storeId: v.storeId || null },
      { onSuccess: onCreated, onError: (err) => setFailure(applyServerErrors(form, err, FIELDS, translate(integrationsMessages, 'keyCreateFailed'))) },
    );
  });
  const storeOptions = (stores.data?.stores ?? []).filter((s) => s.active);
  return { form, onSubmit, failure, stores, storeOptions };
}

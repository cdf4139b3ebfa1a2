import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { WebhookEndpointInput, type CreateWebhookEndpointResponse, type WebhookEndpointItem } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { translate } from '@/lib/i18n';
import type { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/webhook-endpoints';
import { applyServerErrors } from '../lib/server-errors';
import { integrationsMessages } from '../messages';

/** The endpoint form: the contract's URL and events rules, a description of at most 200 characters ('' = none), Enabled. */
const EndpointFormSchema = z.object({
  url: WebhookEndpointInput.shape.url,
  description: z.string().trim().max(200, translate(integrationsMessages, 'descriptionTooLong')),
  events: WebhookEndpointInput.shape.events,
  enabled: z.boolean(),
});
/** Values of the endpoint form. */
export type EndpointFormValues = z.infer<typeof EndpointFormSchema>;
const FIELDS = ['url', 'description', 'events', 'enabled'] as const;

/**
 * State and submit of the webhook endpoint form (docs/product.md 'API keys and webhooks'). `endpoint`:
 * the endpoint to edit, or null to add one. Validation: the contract's WebhookEndpointInput
 * (an absolute http(s) URL of at most 2,000 characters, at least one event). Add posts
 * `{ url, description (null when empty), events }` and hands the answer (with the signing
 * secret, shown once) to `onCreated`; edit puts the same plus `enabled`, toasts 'Endpoint
 * saved' and calls `onSaved`. Failure: the server's field issues (a refused address on `url`)
 * on their fields, anything else in `failure` (the form's alert), else the fallback text.
 */
export function useWebhookEndpointForm({
  endpoint,
  create,
  update,
  onCreated,
  onSaved,
}: {
  endpoint: WebhookEndpointItem | null;
  create: ReturnType<typeof useCreateWebhookEndpoint>;
  update: ReturnType<typeof useUpdateWebhookEndpoint>;
  onCreated: (created: CreateWebhookEndpointResponse) => void;
  onSaved: () => void;
}) {
  const form = useForm<EndpointFormValues>({
    resolver: zodResolver(EndpointFormSchema),
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? [], enabled: endpoint?.enabled ?? true },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((v) => {
    setFailure(null);
    const body = { url: v.url, description: v.description || null, events: v.events };
    const onError = (fallback: string) => (err: unknown) => setFailure(applyServerErrors(form, err, FIELDS, fallback));
    if (endpoint) {
      const onSuccess = () => {
        toast.success(translate(integrationsMessages, 'endpointUpdated'));
        onSaved();
      };
      update.mutate(
        { id: endpoint.id, body: { ...body, enabled: v.enabled } },
        { onSuccess, onError: onError(translate(integrationsMessages, 'endpointUpdateFailed')) },
      );
    } else {
      create.mutate(body, { onSuccess: onCreated, onError: onError(translate(integrationsMessages, 'endpointCreateFailed')) });
    }
  });
  return { form, onSubmit, failure };
}

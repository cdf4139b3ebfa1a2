import { useId, useState } from 'react';
import type { CreateWebhookEndpointResponse, WebhookEndpointItem } from '@loyalty/contract';
import { useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { Input } from '@/components/ui/input';
import { ToggleField } from '@/components/ui/toggle-field';
import { useMessages } from '@/lib/i18n';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/webhook-endpoints';
import { useWebhookEndpointForm } from '../hooks/use-webhook-endpoint-form';
import { eventOptions } from '../lib/texts';
import { integrationsMessages } from '../messages';
import { CodeCheckboxGroup } from './code-checkbox-group';
import { OneTimeSecret } from './one-time-secret';

/**
 * 'Add endpoint' / 'Edit endpoint' (docs/product.md 'API keys and webhooks'): URL, description and the
 * events to send (checkboxes, each with what it reports); on edit also Enabled. After adding,
 * the same dialog becomes 'Endpoint added' with the signing secret, shown this once, in a
 * read-only field with Copy and 'Copy this secret now. You won't be able to see it again.';
 * Done closes it. `endpoint`: the endpoint to edit, or null to add one.
 */
export function WebhookEndpointDialog({
  slug,
  open,
  endpoint,
  onClose,
}: {
  slug: string;
  open: boolean;
  endpoint: WebhookEndpointItem | null;
  onClose: () => void;
}) {
  const create = useCreateWebhookEndpoint(slug);
  const update = useUpdateWebhookEndpoint(slug);
  const [created, setCreated] = useState<CreateWebhookEndpointResponse | null>(null);
  const formId = useId();
  const t = useMessages(integrationsMessages);
  const pending = create.isPending || update.isPending;
  const close = () => {
    create.reset();
    update.reset();
    setCreated(null);
    onClose();
  };
  const title = created ? t('endpointAddedTitle') : endpoint ? t('endpointEditTitle') : t('endpointAdd');
  const description = created ? t('endpointAddedDescription') : t('endpointDescription');
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={title}
      description={description}
      dismissible={!pending}
      footer={
        created ? (
          <Button onClick={close}>{t('done')}</Button>
        ) : (
          <FormFooter formId={formId} onCancel={close} pending={pending}>
            {endpoint ? t('saveChanges') : t('endpointAdd')}
          </FormFooter>
        )
      }
    >
      {created ? (
        <OneTimeSecret label={t('signingSecret')} value={created.secret} warning={t('secretWarning')} />
      ) : (
        <EndpointForm key={endpoint?.id ?? 'new'} formId={formId} endpoint={endpoint} create={create} update={update} onCreated={setCreated} onSaved={close} />
      )}
    </Dialog>
  );
}

/** The form of {@link WebhookEndpointDialog}; state and submit live in `useWebhookEndpointForm`. */
function EndpointForm({ formId, ...rest }: { formId: string } & Parameters<typeof useWebhookEndpointForm>[0]) {
  const { form, onSubmit, failure } = useWebhookEndpointForm(rest);
  const { errors, isSubmitted } = form.formState;
  const events = useWatch({ control: form.control, name: 'events' });
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const endpoint = rest.endpoint;
  const t = useMessages(integrationsMessages);
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Input
        label={t('urlLabel')}
        type="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('urlPlaceholder')}
        className="font-mono text-sm"
        error={errors.url?.message}
        {...form.register('url')}
      />
      <Input
        label={t('descriptionLabel')}
        autoComplete="off"
        placeholder={t('descriptionPlaceholder')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <CodeCheckboxGroup
        legend={t('eventsLegend')}
        options={eventOptions(t)}
        value={events}
        onChange={(next) => form.setValue('events', next, { shouldDirty: true, shouldValidate: isSubmitted })}
        error={errors.events?.message}
      />
      {endpoint && (
        <ToggleField
          label={t('enabledLabel')}
          name="enabled"
          checked={enabled}
          onChange={(on) => form.setValue('enabled', on, { shouldDirty: true })}
          note={endpoint.disabledReason ? t('enabledNoteDisabled', { reason: endpoint.disabledReason }) : t('enabledNote')}
          error={errors.enabled?.message}
        />
      )}
    </form>
  );
}

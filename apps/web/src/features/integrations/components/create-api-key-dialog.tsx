import { useId, useState } from 'react';
import type { CreateApiKeyResponse } from '@loyalty/contract';
import { useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { useCreateApiKey } from '../api/api-keys';
import { useApiKeyForm } from '../hooks/use-api-key-form';
import { scopeOptions } from '../lib/texts';
import { integrationsMessages } from '../messages';
import { CodeCheckboxGroup } from './code-checkbox-group';
import { OneTimeSecret } from './one-time-secret';

/**
 * 'Create API key' (docs/product.md 'API keys and webhooks'): a form with Name, Scopes (checkboxes,
 * each with what it allows) and Store ('All stores' or one active store). Once created, the same
 * dialog becomes 'API key created': the key, shown this once, in a read-only field with Copy and
 * the warning 'Copy this key now. You won't be able to see it again.'; Done closes it. Closing
 * forgets the key and resets the form.
 */
export function CreateApiKeyDialog({ slug, open, onClose }: { slug: string; open: boolean; onClose: () => void }) {
  const create = useCreateApiKey(slug);
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const formId = useId();
  const t = useMessages(integrationsMessages);
  const close = () => {
    create.reset();
    setCreated(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={created ? t('createdTitle') : t('createTitle')}
      description={created ? t('createdDescription', { name: created.name }) : t('createDescription')}
      dismissible={!create.isPending}
      footer={
        created ? (
          <Button onClick={close}>{t('done')}</Button>
        ) : (
          <FormFooter formId={formId} onCancel={close} pending={create.isPending}>
            {t('createSubmit')}
          </FormFooter>
        )
      }
    >
      {created ? (
        <OneTimeSecret label={t('keyLabel')} value={created.key} warning={t('keyWarning')} />
      ) : (
        <ApiKeyForm slug={slug} formId={formId} create={create} onCreated={setCreated} />
      )}
    </Dialog>
  );
}

/** The form of {@link CreateApiKeyDialog}; state and submit live in `useApiKeyForm`. */
function ApiKeyForm({
  slug,
  formId,
  create,
  onCreated,
}: {
  slug: string;
  formId: string;
  create: ReturnType<typeof useCreateApiKey>;
  onCreated: (key: CreateApiKeyResponse) => void;
}) {
  const { form, onSubmit, failure, stores, storeOptions } = useApiKeyForm({ slug, create, onCreated });
  const { errors, isSubmitted } = form.formState;
  const scopes = useWatch({ control: form.control, name: 'scopes' });
  const t = useMessages(integrationsMessages);
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Input
        label={t('nameLabel')}
        autoComplete="off"
        placeholder={t('namePlaceholder')}
        hint={t('nameHint')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <CodeCheckboxGroup
        legend={t('scopesLegend')}
        options={scopeOptions(t)}
        value={scopes}
        onChange={(next) => form.setValue('scopes', next, { shouldDirty: true, shouldValidate: isSubmitted })}
        error={errors.scopes?.message}
      />
      {stores.isError ? (
        <Alert tone="error">{errorMessage(stores.error, t('storesLoadFailed'))}</Alert>
      ) : (
        <Select label={t('storeLabel')} disabled={stores.isPending} hint={t('storeHint')} error={errors.storeId?.message} {...form.register('storeId')}>
          <option value="">{stores.isPending ? t('storesLoading') : t('keyAllStores')}</option>
          {storeOptions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      )}
    </form>
  );
}

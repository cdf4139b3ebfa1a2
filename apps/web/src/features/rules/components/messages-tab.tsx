import { useForm, useWatch } from 'react-hook-form';
import { useTenant } from '@/api/get-tenant';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ToggleField } from '@/components/ui/toggle-field';
import { useSaveReceipts } from '../api/receipts';
import { useSaveSubmit } from '../hooks/use-save-submit';
import { MESSAGES_TAB } from '../lib/messages';
import { RulesFormCard } from './rules-form-parts';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/**
 * The Messages tab of Rules & Settings (docs/product.md 'E-mail'): loads the tenant view (a spinner
 * meanwhile, 'Failed to load message settings' with Try again when it fails), then the
 * receipts form.
 */
export function MessagesTab({ slug }: { slug: string }) {
  const t = useMessages(rulesMessages);
  const tenant = useTenant(slug);
  if (tenant.isError && !tenant.data) return <LoadError title={MESSAGES_TAB.loadFailed} query={tenant} fallback={t('pleaseTryAgain')} />;
  if (!tenant.data) return <PageSpinner label={t('messagesLoading')} />;
  return <ReceiptsForm slug={slug} enabled={tenant.data.receiptsEnabled} />;
}

/** The receipts switch (off by default), saved on its own with 'Save Messages'. */
export function ReceiptsForm({ slug, enabled }: { slug: string; enabled: boolean }) {
  const t = useMessages(rulesMessages);
  const save = useSaveReceipts(slug);
  const form = useForm<{ enabled: boolean }>({ defaultValues: { enabled } });
  const checked = useWatch({ control: form.control, name: 'enabled' });
  const card = useSaveSubmit(form, save, {
    toBody: (values) => values,
    toForm: (tenant) => ({ enabled: tenant.receiptsEnabled }),
    saved: MESSAGES_TAB.saved,
    failed: MESSAGES_TAB.failed,
  });
  return (
    <RulesFormCard label={t('messagesLabel')} title={t('messagesTitle')} description={t('messagesDescription')} saveLabel={t('messagesSave')} {...card}>
      <ToggleField
        label={MESSAGES_TAB.receiptsLabel}
        name="enabled"
        checked={checked}
        onChange={(value) => form.setValue('enabled', value, { shouldDirty: true })}
        note={MESSAGES_TAB.receiptsNote}
      />
    </RulesFormCard>
  );
}

import { useForm, useWatch } from 'react-hook-form';
import { useTenant } from '@/api/get-tenant';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ToggleField } from '@/components/ui/toggle-field';
import { useSaveReceipts } from '../api/receipts';
import { useSaveSubmit } from '../hooks/use-save-submit';
import { MESSAGES_TAB } from '../lib/messages';
import { RulesFormCard } from './rules-form-parts';

/**
 * The Messages tab of Rules & Settings (docs/product.md 'E-mail'): loads the tenant view (a spinner
 * meanwhile, 'Failed to load message settings' with Try again when it fails), then the
 * receipts form.
 */
export function MessagesTab({ slug }: { slug: string }) {
  const tenant = useTenant(slug);
  if (tenant.isError && !tenant.data) return <LoadError title={MESSAGES_TAB.loadFailed} query={tenant} fallback="Please try again." />;
  if (!tenant.data) return <PageSpinner label="Loading message settings" />;
  return <ReceiptsForm slug={slug} enabled={tenant.data.receiptsEnabled} />;
}

/** The receipts switch (off by default), saved on its own with 'Save Messages'. */
export function ReceiptsForm({ slug, enabled }: { slug: string; enabled: boolean }) {
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
    <RulesFormCard
      label="Message settings"
      title="Customer e-mails"
      description="What your customers hear from you by e-mail."
      saveLabel="Save Messages"
      {...card}
    >
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

import { useTenant } from '@/api/get-tenant';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useExpiryRule } from '../api/expiry';
import { EXPIRY_MESSAGES } from '../lib/expiry';
import { ExpiryRuleForm } from './expiry-rule-form';
import { TimezoneForm } from './timezone-form';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/**
 * The Expiry tab of Rules & Settings (docs/product.md 'Expiry'): loads the expiry rule and the tenant
 * view (for its time zone), a spinner meanwhile and 'Failed to load expiry settings' with Try
 * again when a load fails; then the expiry rule form and the time zone form, each saved on its own.
 */
export function ExpiryTab({ slug }: { slug: string }) {
  const t = useMessages(rulesMessages);
  const rule = useExpiryRule(slug);
  const tenant = useTenant(slug);
  const failed = [rule, tenant].find((q) => q.isError && !q.data);

  if (failed) return <LoadError title={EXPIRY_MESSAGES.loadFailed} query={failed} fallback={t('pleaseTryAgain')} />;
  if (!rule.data || !tenant.data) return <PageSpinner label={t('expiryLoading')} />;
  return (
    <div className="space-y-6">
      <ExpiryRuleForm slug={slug} rule={rule.data} />
      <TimezoneForm slug={slug} timezone={tenant.data.timezone} />
    </div>
  );
}

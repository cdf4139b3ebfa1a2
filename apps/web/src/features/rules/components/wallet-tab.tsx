import type { WalletBrandingResponse } from '@loyalty/contract';
import { useTenant } from '@/api/get-tenant';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useMessages } from '@/lib/i18n';
import { useWalletBranding } from '../api/get-wallet-branding';
import { useWalletForm } from '../hooks/use-wallet-form';
import { logoSrcOf, previewColours } from '../lib/wallet';
import { rulesMessages } from '../messages';
import { WalletBrandingForm } from './wallet-branding-form';
import { WalletCertificateCard } from './wallet-certificate-card';
import { WalletLogoCard } from './wallet-logo-card';
import { WalletPassPreview } from './wallet-pass-preview';

/**
 * The Wallet tab of Rules & Settings (docs/product.md 'Wallet passes'): loads the wallet look and
 * the tenant view (for the business's name), a spinner meanwhile and 'Failed to load wallet
 * settings' with Try again when a load fails; then {@link WalletEditor}.
 */
export function WalletTab({ slug }: { slug: string }) {
  const t = useMessages(rulesMessages);
  const look = useWalletBranding(slug);
  const tenant = useTenant(slug);
  const failed = [look, tenant].find((q) => q.isError && !q.data);

  if (failed) return <LoadError title={t('walletLoadFailed')} query={failed} fallback={t('pleaseTryAgain')} />;
  if (!look.data || !tenant.data) return <PageSpinner label={t('walletLoading')} />;
  return <WalletEditor slug={slug} look={look.data} businessName={tenant.data.name} />;
}

/**
 * The loaded tab: the look's form (programme name, colours, terms; saved as one) with the Apple
 * certificate card under it (uploaded on its own), beside the live preview of the pass front,
 * which draws the values as typed, and the logo card under it (the logo is saved on its own, at
 * once).
 */
function WalletEditor({ slug, look, businessName }: { slug: string; look: WalletBrandingResponse; businessName: string }) {
  const { form, values, problems, card } = useWalletForm(slug, look);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-6">
        <WalletBrandingForm form={form} problems={problems} card={card} businessName={businessName} />
        <WalletCertificateCard slug={slug} certificate={look.certificate} />
      </div>
      <div className="space-y-6">
        <WalletPassPreview name={values.programName.trim() || businessName} colours={previewColours(values, look)} logoUrl={logoSrcOf(look.logoUrl)} />
        <WalletLogoCard slug={slug} logoUrl={logoSrcOf(look.logoUrl)} />
      </div>
    </div>
  );
}

import { useId } from 'react';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { useWalletLogo } from '../hooks/use-wallet-logo';
import { rulesMessages } from '../messages';

/** The file types the logo input offers (the server takes these two). */
const LOGO_ACCEPT = 'image/png,image/svg+xml';

/**
 * The passes' logo (docs/product.md 'Wallet passes'): the current logo (or 'Default logo'),
 * 'Upload logo' (a PNG or SVG of at most 1 MB, sent at once) and, with a logo, 'Remove logo'
 * after a confirmation. A refused file or upload says why under the buttons.
 */
export function WalletLogoCard({ slug, logoUrl }: { slug: string; logoUrl: string | null }) {
  const t = useMessages(rulesMessages);
  const logo = useWalletLogo(slug);
  const inputId = useId();
  return (
    <Card>
      <CardHeader>
        <div className="min-w-0">
          <CardTitle>{t('walletLogoTitle')}</CardTitle>
          <p className="mt-0.5 text-sm text-slate-500">{t('walletLogoDescription')}</p>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-4">
          <LogoThumb logoUrl={logoUrl} />
          <div className="flex flex-wrap gap-2">
            <input id={inputId} type="file" accept={LOGO_ACCEPT} className="peer sr-only" disabled={logo.uploading} onChange={logo.onFile} />
            <label
              htmlFor={inputId}
              className={cn(
                buttonVariants({ variant: 'outline', size: 'sm' }),
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
              )}
            >
              <Upload aria-hidden="true" className="h-4 w-4" />
              {logo.uploading ? t('walletLogoUploading') : t('walletLogoUpload')}
            </label>
            {logoUrl && (
              <Button variant="ghost" size="sm" onClick={logo.askRemove}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('walletLogoRemove')}
              </Button>
            )}
          </div>
        </div>
        {logo.problem && <Alert tone="error">{logo.problem}</Alert>}
      </CardContent>
      <ActionConfirmDialog
        open={logo.confirming}
        onClose={logo.closeRemove}
        title={t('walletLogoRemoveTitle')}
        pending={logo.removing}
        onConfirm={logo.confirmRemove}
        icon={Trash2}
        confirmLabel={t('walletLogoRemove')}
        error={logo.removeError}
      >
        <p>{t('walletLogoRemoveText')}</p>
      </ActionConfirmDialog>
    </Card>
  );
}

/** The current logo, or the default's placeholder captioned 'Default logo'. */
function LogoThumb({ logoUrl }: { logoUrl: string | null }) {
  const t = useMessages(rulesMessages);
  if (logoUrl)
    return <img src={logoUrl} alt={t('walletLogoCurrent')} className="h-16 w-16 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain p-1" />;
  return (
    <div className="flex w-20 shrink-0 flex-col items-center gap-1 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-400"
      >
        <ImageIcon className="h-6 w-6" />
      </span>
      <span className="text-xs text-slate-500">{t('walletLogoDefault')}</span>
    </div>
  );
}

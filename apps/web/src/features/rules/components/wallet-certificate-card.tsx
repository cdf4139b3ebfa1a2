import type { WalletCertificateView } from '@loyalty/contract';
import type { ChangeEventHandler, Ref } from 'react';
import { ShieldCheck, Upload } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldShell, useFieldIds } from '@/components/ui/field-shell';
import { PasswordInput } from '@/components/ui/password-input';
import { formatDate } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { useWalletCertificate } from '../hooks/use-wallet-certificate';
import { rulesMessages } from '../messages';

/** The file types the certificate input offers: Keychain's .p12 export. */
const P12_ACCEPT = '.p12,application/x-pkcs12';

/**
 * The business's own Apple certificate (docs/product.md 'Wallet passes'): which certificate signs
 * the passes (the platform's, or the business's with its Pass Type ID, Team ID and expiry date),
 * then the .p12 file (at most 100 kB) and its password with 'Upload certificate' ('Replace
 * certificate' when one is in use, with the note that a replacement keeps both IDs). A refused
 * file says why under the file field; the server's refusal shows in an alert in the card.
 */
export function WalletCertificateCard({ slug, certificate }: { slug: string; certificate: WalletCertificateView | null }) {
  const t = useMessages(rulesMessages);
  const cert = useWalletCertificate(slug);
  return (
    <Card>
      <CardHeader>
        <div className="min-w-0">
          <CardTitle>{t('walletCertificateTitle')}</CardTitle>
          <p className="mt-0.5 text-sm text-slate-500">{t('walletCertificateDescription')}</p>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <CurrentCertificate certificate={certificate} />
        <form aria-label={t('walletCertificateFormLabel')} noValidate onSubmit={cert.onSubmit} className="space-y-4">
          <CertificateFileField inputRef={cert.fileInput} error={cert.fileError} disabled={cert.pending} onChange={cert.onFile} />
          <PasswordInput
            label={t('walletCertificatePassword')}
            hint={t('walletCertificatePasswordHint')}
            autoComplete="off"
            maxLength={200}
            value={cert.password}
            disabled={cert.pending}
            onChange={cert.onPassword}
          />
          {certificate && <p className="text-sm text-slate-600">{t('walletCertificateReplaceNote')}</p>}
          {cert.problem && <Alert tone="error">{cert.problem}</Alert>}
          <Button type="submit" variant="outline" loading={cert.pending}>
            {!cert.pending && <Upload aria-hidden="true" className="h-4 w-4" />}
            {certificate ? t('walletCertificateReplace') : t('walletCertificateUpload')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Which certificate signs the passes: the platform's, or the business's own with its IDs and expiry. */
function CurrentCertificate({ certificate }: { certificate: WalletCertificateView | null }) {
  const t = useMessages(rulesMessages);
  if (!certificate) return <p className="text-sm text-slate-600">{t('walletCertificatePlatform')}</p>;
  return (
    <section aria-label={t('walletCertificateCurrent')} className="rounded-lg border border-slate-200 px-3 py-2.5">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
        <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-emerald-700" />
        {t('walletCertificateOwn')}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">{t('walletCertificatePassType')}</dt>
        <dd className="font-mono break-all text-slate-900">{certificate.passTypeIdentifier}</dd>
        <dt className="text-slate-500">{t('walletCertificateTeam')}</dt>
        <dd className="font-mono break-all text-slate-900">{certificate.teamIdentifier}</dd>
      </dl>
      <p className="mt-2 text-sm text-slate-600">{t('walletCertificateExpires', { date: formatDate(certificate.expiresAt) })}</p>
    </section>
  );
}

/** The .p12 file input, labelled 'Certificate file (.p12)', with its hint or its refusal under it. */
function CertificateFileField({
  inputRef,
  error,
  disabled,
  onChange,
}: {
  inputRef: Ref<HTMLInputElement>;
  error: string | null;
  disabled: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
}) {
  const t = useMessages(rulesMessages);
  const hint = t('walletCertificateFileHint');
  const ids = useFieldIds(undefined, error ?? undefined, hint);
  return (
    <FieldShell {...ids} label={t('walletCertificateFile')} error={error ?? undefined} hint={hint}>
      <input
        ref={inputRef}
        id={ids.controlId}
        type="file"
        accept={P12_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={onChange}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
      />
    </FieldShell>
  );
}

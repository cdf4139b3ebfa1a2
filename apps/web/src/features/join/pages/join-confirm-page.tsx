import { formatCents } from '@/lib/format';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { AddToAppleWallet, SaveToGoogleWallet, applePassUrlOf, publicGoogleSourceOf } from '@/components/add-to-wallet';
import { PublicPageLayout } from '@/components/public-page-layout';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { formatCardNumber } from '@/lib/card-number';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useJoinConfirm } from '../api/join';
import { CardQr } from '../components/card-qr';
import { useMessages } from '@/lib/i18n';
import { joinMessages } from '../messages';

/**
 * /{slug}/join/confirm?token= (docs/product.md 'Online sign-up'; public): where the
 * confirmation e-mail's link lands. It confirms once on arrival ('Creating your card…'), then
 * shows the new card: its QR code for the cashier to scan at once, the card number, the balance,
 * 'Add to Apple Wallet' where passes are issued, and a link to the card's page. A refused link shows the server's text (expired, not valid,
 * already a member, no room for new members, sign-up closed).
 */
export function JoinConfirmPage() {
  const t = useMessages(joinMessages);
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useJoinConfirm(slug, token);

  let content;
  if (!token) {
    content = <Alert tone="error" title={t('confirmLinkInvalid')} />;
  } else if (confirm.isError) {
    content = (
      <Alert tone="error" title={saveErrorMessage(confirm.error, t('confirmFailed'))}>
        {t('confirmHelp')}
      </Alert>
    );
  } else if (!confirm.data) {
    content = <PageSpinner label={t('confirmCreating')} />;
  } else {
    const { businessName, firstName, storeName, card } = confirm.data;
    const googleSource = publicGoogleSourceOf(card.qrUrl);
    content = (
      <>
        <header className="text-center">
          <CheckCircle2 aria-hidden="true" className="mx-auto h-10 w-10 text-emerald-600" />
          <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('confirmWelcome', { firstName })}</h1>
          <p className="mt-1 text-sm text-slate-600">{storeName ? t('confirmReadyAt', { businessName, storeName }) : t('confirmReady', { businessName })}</p>
        </header>
        <Card>
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <CardQr url={card.qrUrl} label={t('confirmQrLabel', { cardUid: card.cardUid })} />
            <p className="text-sm font-medium text-slate-700">{t('confirmShowCode')}</p>
            <dl className="grid w-full grid-cols-2 gap-3 text-left">
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{t('confirmCardNumber')}</dt>
                <dd className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900">{formatCardNumber(card.cardUid)}</dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{t('confirmBalance')}</dt>
                <dd className="text-base font-semibold text-slate-900">{formatCents(card.balanceCents)}</dd>
              </div>
            </dl>
            <AddToAppleWallet href={applePassUrlOf(card.qrUrl)} className="w-full" />
            {googleSource && <SaveToGoogleWallet source={googleSource} className="w-full" />}
            <a href={card.qrUrl} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:text-indigo-500">
              {t('confirmOpenCard')}
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
            </a>
            <p className="text-xs text-slate-500">{t('confirmEmailed')}</p>
          </CardContent>
        </Card>
      </>
    );
  }
  return <PublicPageLayout>{content}</PublicPageLayout>;
}

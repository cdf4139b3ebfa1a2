import { formatCents } from '@/lib/format';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { PublicPageLayout } from '@/components/public-page-layout';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { formatCardNumber } from '@/lib/card-number';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useJoinConfirm } from '../api/join';
import { CardQr } from '../components/card-qr';

/**
 * /{slug}/join/confirm?token= (docs/product.md 'Online sign-up'; public): where the
 * confirmation e-mail's link lands. It confirms once on arrival ('Creating your card…'), then
 * shows the new card: its QR code for the cashier to scan at once, the card number, the balance
 * and a link to the card's page. A refused link shows the server's text (expired, not valid,
 * already a member, no room for new members, sign-up closed).
 */
export function JoinConfirmPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useJoinConfirm(slug, token);

  let content;
  if (!token) {
    content = <Alert tone="error" title="This link is not valid. Please sign up again." />;
  } else if (confirm.isError) {
    content = (
      <Alert tone="error" title={saveErrorMessage(confirm.error, 'Could not create your card. Please check your connection and open the link again.')}>
        Ask a member of staff at the till if you need help.
      </Alert>
    );
  } else if (!confirm.data) {
    content = <PageSpinner label="Creating your card" />;
  } else {
    const { businessName, firstName, storeName, card } = confirm.data;
    content = (
      <>
        <header className="text-center">
          <CheckCircle2 aria-hidden="true" className="mx-auto h-10 w-10 text-emerald-600" />
          <h1 className="mt-2 text-2xl font-bold text-slate-900">Welcome, {firstName}!</h1>
          <p className="mt-1 text-sm text-slate-600">
            Your {businessName} rewards card is ready{storeName ? ` (joined at ${storeName})` : ''}.
          </p>
        </header>
        <Card>
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <CardQr url={card.qrUrl} label={`QR code of card ${card.cardUid}`} />
            <p className="text-sm font-medium text-slate-700">Show this code at the till: the cashier scans it and your cashback starts now.</p>
            <dl className="grid w-full grid-cols-2 gap-3 text-left">
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">Card number</dt>
                <dd className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900">{formatCardNumber(card.cardUid)}</dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">Balance</dt>
                <dd className="text-base font-semibold text-slate-900">{formatCents(card.balanceCents)}</dd>
              </div>
            </dl>
            <a href={card.qrUrl} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:text-indigo-500">
              Open your card page
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
            </a>
            <p className="text-xs text-slate-500">We have also e-mailed you the link to your card. Save it, or add this page to your home screen.</p>
          </CardContent>
        </Card>
      </>
    );
  }
  return <PublicPageLayout>{content}</PublicPageLayout>;
}

import { ReferralCodeInput } from '@loyalty/contract';
import { Gift, MailCheck, Store } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { PublicPageLayout } from '@/components/public-page-layout';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { useJoinPage } from '../api/join';
import { JoinForm } from '../components/join-form';
import { useJoinForm } from '../hooks/use-join-form';
import { translate, useMessages } from '@/lib/i18n';
import { joinMessages } from '../messages';

/** The text of a join page that takes no sign-ups (the server's 404 text). */
export const JOIN_UNAVAILABLE = translate(joinMessages, 'unavailable');

/** The friend's referral code of the address's `ref` (docs/product.md 'Rewards'), normalised; null when absent or not a code. */
function referralCodeOf(search: URLSearchParams): string | null {
  const parsed = ReferralCodeInput.safeParse(search.get('ref') ?? '');
  return parsed.success ? (parsed.data ?? null) : null;
}

/**
 * /{slug}/join?store={storeId} (docs/product.md 'Online sign-up'; public, opened on a phone
 * from a store's poster): the business's and the store's names, then the form; with `ref={code}`
 * (a friend's referral link `/{slug}/join?ref={code}`, docs/product.md 'Rewards'; without a store
 * the server names the store and the referrer) a line says both get a bonus and the
 * sign-up carries the code as `referralCode` (a `ref` that is no code is left out); once sent, the
 * server's message ('Almost there! …', the same whatever the address) replaces it. A store
 * that takes no sign-ups (404, or no store in the address) shows 'This sign-up page is not
 * available'; another load failure shows Try again.
 */
export function JoinPage() {
  const t = useMessages(joinMessages);
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const referralCode = referralCodeOf(search);
  const page = useJoinPage(slug, search.get('store') ?? '', referralCode);
  // A referral link carries no store: the friend joins where the server says (the referrer's card's store).
  const storeId = search.get('store') || page.data?.storeId || '';
  const join = useJoinForm(slug, storeId, referralCode);

  let content;
  if (!(search.get('store') || referralCode) || isApiError(page.error, 404)) {
    content = (
      <Alert tone="warning" title={t('unavailable')}>
        {t('unavailableHelp')}
      </Alert>
    );
  } else if (page.isError) {
    content = <LoadError title={t('loadFailed')} query={page} fallback={t('loadFailedFallback')} />;
  } else if (!page.data) {
    content = <PageSpinner label={t('loading')} />;
  } else {
    content = (
      <>
        <header className="text-center">
          <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
            <Store aria-hidden="true" className="h-4 w-4" />
            {page.data.storeName}
          </p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{t('title', { businessName: page.data.businessName })}</h1>
          <p className="mt-2 text-sm text-slate-600">{t('intro')}</p>
          {referralCode && (
            <p className="mt-3 inline-flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              <Gift aria-hidden="true" className="h-4 w-4 shrink-0" />
              {page.data.referrerFirstName ? t('invitedBy', { name: page.data.referrerFirstName }) : t('invited')}
            </p>
          )}
        </header>
        <Card>
          <CardContent className="pt-6">
            {join.sent ? (
              <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
                <MailCheck aria-hidden="true" className="h-10 w-10 text-emerald-600" />
                <p className="text-base font-medium text-slate-900">{join.sent}</p>
                <p className="text-sm text-slate-600">{t('noEmail')}</p>
              </div>
            ) : (
              <JoinForm slug={slug} businessName={page.data.businessName} {...join} />
            )}
          </CardContent>
        </Card>
      </>
    );
  }
  return <PublicPageLayout>{content}</PublicPageLayout>;
}

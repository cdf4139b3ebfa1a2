import { MailCheck, Store } from 'lucide-react';
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

/**
 * /{slug}/join?store={storeId} (docs/product.md 'Online sign-up'; public, opened on a phone
 * from a store's poster): the business's and the store's names, then the form; once sent, the
 * server's message ('Almost there! …', the same whatever the address) replaces it. A store
 * that takes no sign-ups (404, or no store in the address) shows 'This sign-up page is not
 * available'; another load failure shows Try again.
 */
export function JoinPage() {
  const t = useMessages(joinMessages);
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const storeId = search.get('store') ?? '';
  const page = useJoinPage(slug, storeId);
  const join = useJoinForm(slug, storeId);

  let content;
  if (!storeId || isApiError(page.error, 404)) {
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

import type { EndOfDayReport } from '@loyalty/contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTenant } from '@/api/get-tenant';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { endOfDayMessages } from '../messages';
import { useEndOfDay } from '../api/end-of-day';
import { DayFigures } from '../components/day-figures';
import { DayForm } from '../components/day-form';
import { DayTotals } from '../components/day-totals';
import { EndOfDayEmpty, EndOfDayLoading, OwnStoreOnly } from '../components/end-of-day-states';
import { StoreTable } from '../components/store-table';
import { useEndOfDayFilter } from '../hooks/use-end-of-day-filter';
import { isEmpty, todayIn } from '../report-figures';

/** The day's stores, each with its staff table, then the day's totals; dimmed while another day loads. */
function DayStores({ report, busy }: { report: EndOfDayReport; busy: boolean }) {
  if (isEmpty(report)) return <EndOfDayEmpty />;
  return (
    <div aria-busy={busy || undefined} className={cn('space-y-6 transition-opacity motion-reduce:transition-none', busy && 'opacity-60')}>
      {report.stores.map((s) => (
        <StoreTable key={s.storeId ?? 'none'} store={s} />
      ))}
      <div className="max-w-xl">
        <DayTotals totals={report.totals} />
      </div>
    </div>
  );
}

/**
 * /t/{slug}/transactions/end-of-day (docs/product.md 'Reports'; Store Admins and cashiers): the
 * movements of one day of the business's time zone (the URL's `?date=`, default today; no future
 * day) for the cash-up, as the totals' figures, a table per store with a row per staff member and
 * the store total, and the day's totals, with the CSV and the printable PDF of the same day. A
 * Store Admin may pick one store (`?store=`); a cashier sees their own store only, and a 403 for
 * another says so. Loading placeholders, an empty state for a day without movements, an error
 * with Try again.
 */
export function EndOfDayPage() {
  const t = useMessages(endOfDayMessages);
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const { filter, set } = useEndOfDayFilter();
  // Today in the business's time zone (the tenant the layout already loaded); no later day is asked for.
  const today = todayIn(useTenant(slug).data?.timezone);
  const future = Boolean(filter.date && filter.date > today);
  const report = useEndOfDay(slug, filter, !future);
  const data = report.data;
  return (
    <div className="space-y-6">
      <div>
        <Link to={paths.tenant.transactions(slug)} className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('back')}
        </Link>
        <PageHeader title={t('pageTitle')} subtitle={data ? t('pageSubtitleZone', { zone: data.timezone }) : t('pageSubtitle')} />
      </div>
      <DayForm
        slug={slug}
        filter={filter}
        shownDate={data?.date}
        today={today}
        future={future}
        storePicker={user?.role !== 'cashier'}
        ownStore={user?.storeName ?? null}
        onChange={set}
      />
      {report.isError ? (
        isApiError(report.error, 403) ? (
          <OwnStoreOnly onShowOwn={() => set('storeId', '')} />
        ) : (
          <LoadError title={t('loadFailed')} query={report} fallback={t('loadFailedFallback')} />
        )
      ) : (
        !future && (
          <>
            <DayFigures report={data} />
            {data ? <DayStores report={data} busy={report.isPlaceholderData} /> : <EndOfDayLoading />}
          </>
        )
      )}
    </div>
  );
}

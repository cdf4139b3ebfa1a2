import type { StoreItem } from '@loyalty/contract';
import { CalendarDays, CreditCard, MapPin, Pencil, Receipt, Store, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { JoinPosterMenu } from './join-poster-menu';
import { useMessages } from '@/lib/i18n';
import { storesMessages } from '../messages';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * One store of the Stores grid: name, Active (green) / Inactive (grey) badge, address (or 'No
 * address'), counts of staff, cards and transactions, created date, an Edit button, and the 'Join
 * poster' downloads (or 'Online sign-up off'; see JoinPosterMenu). The article is named 'Store
 * {name}' for tests and screen readers.
 */
export function StoreCard({ slug, store, onEdit }: { slug: string; store: StoreItem; onEdit: (store: StoreItem) => void }) {
  const t = useMessages(storesMessages);
  return (
    <article
      aria-label={t('storeLabel', { name: store.name })}
      data-active={store.active}
      className={cn('flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md', !store.active && 'bg-slate-50/70')}
    >
      <div className="flex items-start gap-3 px-5 pt-5">
        <span
          className={cn(
            'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg',
            store.active ? 'bg-indigo-50 text-indigo-600' : 'bg-slate-100 text-slate-400',
          )}
        >
          <Store aria-hidden="true" className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 break-words text-base font-semibold text-slate-900" title={store.name}>
            {store.name}
          </h2>
          <div className="mt-1">
            <Badge color={store.active ? 'green' : 'grey'}>{store.active ? t('active') : t('inactive')}</Badge>
          </div>
        </div>
        <Button variant="ghost" size="sm" onClick={() => onEdit(store)} aria-label={t('editLabel', { name: store.name })} className="-mr-2 -mt-1">
          <Pencil aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">{t('edit')}</span>
        </Button>
      </div>

      <p className={cn('flex items-start gap-2 px-5 pt-3 text-sm', store.address ? 'text-slate-600' : 'italic text-slate-500')} data-testid="store-address">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
        <span className="min-w-0 break-words">{store.address ?? t('noAddress')}</span>
      </p>

      <dl className="mx-5 mt-4 grid grid-cols-3 divide-x divide-slate-100 rounded-lg border border-slate-100 bg-slate-50/60 py-2.5 text-center">
        <Count icon={<Users aria-hidden="true" className="h-4 w-4" />} id="staff" label={t('countStaff')} value={store._count.users} />
        <Count icon={<CreditCard aria-hidden="true" className="h-4 w-4" />} id="cards" label={t('countCards')} value={store._count.cards} />
        <Count icon={<Receipt aria-hidden="true" className="h-4 w-4" />} id="transactions" label={t('countTransactions')} value={store._count.transactions} />
      </dl>

      <div className="mt-auto flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-2 px-5 pt-4 pb-4">
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
          {t('created', { date: formatDate(store.createdAt) })}
        </p>
        <JoinPosterMenu slug={slug} store={store} />
      </div>
    </article>
  );
}

/** One count of the card; `id` names its test id (`store-count-{id}`), whatever the language. */
function Count({ id, icon, label, value }: { id: string; icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex min-w-0 flex-col items-center px-1">
      <dt className="flex items-center gap-1 text-xs text-slate-500">
        <span className="hidden text-slate-400 sm:inline">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900" data-testid={`store-count-${id}`}>
        {numberFormat.format(value)}
      </dd>
    </div>
  );
}

/** Placeholder cards while the store list loads. */
export function StoreGridSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="h-56 animate-pulse rounded-xl border border-slate-200 bg-white p-5">
          <div className="flex gap-3">
            <div className="h-10 w-10 rounded-lg bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-1/2 rounded bg-slate-200" />
              <div className="h-4 w-16 rounded-full bg-slate-100" />
            </div>
          </div>
          <div className="mt-4 h-3 w-3/4 rounded bg-slate-100" />
          <div className="mt-4 h-14 rounded-lg bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

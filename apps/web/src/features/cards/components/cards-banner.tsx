import { Plus, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCardsBanner } from '../hooks/use-cards-banner';
import type { CardAllowance } from '../lib/allowance';
import { AllowanceSummary, bannerLinkClass } from './cards-banner-parts';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

const boxes: Record<CardAllowance['level'], string> = {
  ok: 'border-indigo-200 bg-indigo-50/60',
  warning: 'border-amber-300 bg-amber-50',
  limit: 'border-red-300 bg-red-50',
};

/**
 * The Cards page's trial/subscription banner. Subscription mode (tenant ACTIVE with subscription
 * info): the plan, cards used of the plan's limit. Trial mode: cards held of the free-trial limit,
 * plus the trial status's activation count; 'Free Trial Expired' when a subscription is required.
 * The bar is yellow from 80 % used and red at the limit; at the limit admins get Upgrade / Order
 * More Cards links (below the limit, admins get a quiet 'Order Printed Cards' link instead: the
 * Card Orders screen, docs/product.md 'Card orders'). The 'Create Card Batch' button sits on the
 * right.
 */
export function CardsBanner({ slug, onCreate }: { slug: string; onCreate: () => void }) {
  const state = useCardsBanner(slug);
  const { allowance, level } = state;
  const t = useMessages(cardsMessages);
  return (
    <section aria-label={t('bannerLabel')} data-level={level} className={cn('mb-6 rounded-xl border p-4 shadow-sm sm:p-5', boxes[level])}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          {state.pending ? (
            <div aria-hidden="true" className="space-y-3">
              <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
              <div className="h-2 w-full animate-pulse rounded bg-slate-200" />
            </div>
          ) : !allowance ? (
            <p className="text-sm text-slate-600">{t('bannerUnavailable')}</p>
          ) : (
            <AllowanceSummary state={state} allowance={allowance} />
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
          {state.isAdmin && level === 'ok' && (
            <Link to={state.ordersTo} className={cn(bannerLinkClass, 'h-9')}>
              <Printer aria-hidden="true" className="mr-1.5 h-4 w-4" />
              {t('bannerOrderPrinted')}
            </Link>
          )}
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('createBatch')}
          </Button>
        </div>
      </div>
    </section>
  );
}

import type { CardResponse } from '@loyalty/contract';
import { formatCents } from '@/lib/format';
import { RotateCcw, Store, UserRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { CardStatusBadge, TierBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

/**
 * The loaded card: customer name or 'Unknown Customer', tier badge, card ID (monospace), balance
 * (formatCents, large), store, status badge, the last result of this session, and the 'New
 * Transaction' button that clears the POS. `stale` (the till is offline, or the card is its kept
 * copy) says 'Offline: the balance may be out of date' (docs/product.md 'Offline till').
 */
export function CardPanel({
  card,
  lastResult,
  stale = false,
  onNewTransaction,
}: {
  card: CardResponse;
  lastResult: string | null;
  stale?: boolean;
  onNewTransaction: () => void;
}) {
  const t = useMessages(posMessages);
  const name = (card.customer && `${card.customer.firstName} ${card.customer.lastName}`.trim()) || t('cardUnknownCustomer');
  return (
    <Card aria-label={t('cardRegion')} role="region">
      <CardContent className="space-y-5 py-5">
        <div className="flex items-start gap-3">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <UserRound aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-semibold text-slate-900">{name}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {card.customer && <TierBadge tier={card.customer.tier} />}
              <CardStatusBadge status={card.status} />
            </div>
          </div>
        </div>

        <div className="rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-4 text-white">
          <p className="text-xs font-medium uppercase tracking-wide text-indigo-100">{t('cardBalance')}</p>
          <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="card-balance">
            {formatCents(card.balanceCents)}
          </p>
          {lastResult && (
            <p className="mt-2 text-sm text-indigo-50" aria-live="polite">
              {lastResult}
            </p>
          )}
        </div>

        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('cardId')}</dt>
            <dd className="mt-0.5 break-all font-mono text-slate-900">{card.cardUid}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('cardStore')}</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 text-slate-900">
              <Store aria-hidden="true" className="h-3.5 w-3.5 text-slate-400" />
              {card.storeName ?? '—'}
            </dd>
          </div>
        </dl>

        {stale && <Alert tone="warning">{t('cardOfflineStale')}</Alert>}
        {card.status !== 'ACTIVE' && <Alert tone="warning">{card.status === 'BLOCKED' ? t('cardBlocked') : t('cardUnassigned')}</Alert>}

        <Button variant="outline" className="w-full" onClick={onNewTransaction}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {t('cardNewTransaction')}
        </Button>
      </CardContent>
    </Card>
  );
}

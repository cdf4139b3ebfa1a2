import type { CustomerCard } from '@loyalty/contract';
import { CreditCard, Store } from 'lucide-react';
import { AddToAppleWallet, SaveToGoogleWallet } from '@/components/add-to-wallet';
import { CardStatusBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCents, formatDate } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { customerMessages } from '../messages';

/**
 * 'Your Loyalty Cards': each card's UID, status badge (ACTIVE green, BLOCKED red, UNASSIGNED grey),
 * balance, store and activation date; an active card's 'Add to Apple Wallet' (the pass of GET
 * /api/t/{slug}/me/cards/{cardUid}/wallet/apple) where the install issues passes.
 */
export function MyCards({ slug, cards }: { slug: string; cards: CustomerCard[] }) {
  const t = useMessages(customerMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('cardsTitle')}</CardTitle>
        <span className="text-sm text-slate-500">{cards.length}</span>
      </CardHeader>
      <CardContent>
        {cards.length === 0 ? (
          <EmptyState
            framed={false}
            icon={<CreditCard aria-hidden="true" className="h-8 w-8" />}
            title={t('cardsEmptyTitle')}
            description={t('cardsEmptyText')}
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('cardsListLabel')}>
            {cards.map((card) => (
              <li key={card.id} data-testid="my-card" className="rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-4 text-white shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-xs font-medium uppercase tracking-wide text-indigo-100">{t('cardLabel')}</p>
                    <p className="font-mono text-base font-semibold tracking-wider" data-testid="my-card-uid">
                      {card.cardUid}
                    </p>
                  </div>
                  <span className="rounded-full bg-white">
                    <CardStatusBadge status={card.status} />
                  </span>
                </div>
                <p className="mt-4 text-xs font-medium uppercase tracking-wide text-indigo-100">{t('cardBalance')}</p>
                <p className="text-2xl font-semibold tabular-nums" data-testid="my-card-balance">
                  {formatCents(card.balanceCents)}
                </p>
                <div className="mt-3 flex items-center justify-between gap-2 border-t border-white/20 pt-2 text-xs text-indigo-100">
                  <span className="flex min-w-0 items-center gap-1">
                    <Store aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                    <span className="truncate">{card.storeName ?? t('cardNoStore')}</span>
                  </span>
                  {card.activatedAt && <span className="shrink-0">{t('cardSince', { date: formatDate(card.activatedAt) })}</span>}
                </div>
                {card.status === 'ACTIVE' && (
                  <div className="mt-3 grid gap-2">
                    <AddToAppleWallet
                      href={`/api/t/${encodeURIComponent(slug)}/me/cards/${encodeURIComponent(card.cardUid)}/wallet/apple`}
                      className="w-full"
                    />
                    <SaveToGoogleWallet source={{ kind: 'me', slug, cardUid: card.cardUid }} className="w-full" />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

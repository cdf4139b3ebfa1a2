import type { Offer } from '@loyalty/contract';
import { CalendarRange, Pencil, Plus, Sparkles } from 'lucide-react';
import { Badge, type BadgeColor } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBps, formatDateTime } from '@/lib/format';
import { offerState, type OfferState } from '../lib/forms';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

const STATE_BADGE = {
  active: { labelKey: 'stateActive', color: 'green' },
  scheduled: { labelKey: 'stateScheduled', color: 'blue' },
  ended: { labelKey: 'stateEnded', color: 'grey' },
  inactive: { labelKey: 'stateInactive', color: 'grey' },
} as const satisfies Record<OfferState, { labelKey: string; color: BadgeColor }>;

/**
 * Special Offers tab: the offers, newest first (a created one at the top, an updated one in place),
 * each with name, description, bonus percent, start–end and an Active / Scheduled / Ended /
 * Inactive badge at `now`; 'Create New Offer' and per-offer 'Edit'. Empty state 'No offers yet'.
 */
export function OffersList({ offers, now, onCreate, onEdit }: { offers: readonly Offer[]; now: Date; onCreate: () => void; onEdit: (offer: Offer) => void }) {
  const t = useMessages(rulesMessages);
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="min-w-0">
          <CardTitle>{t('offersTitle')}</CardTitle>
          <p className="mt-0.5 text-sm text-slate-500">{t('offersDescription')}</p>
        </div>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('createOffer')}
        </Button>
      </CardHeader>
      {offers.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <Sparkles aria-hidden="true" className="h-7 w-7" />
          </span>
          <h3 className="mt-4 text-base font-semibold text-slate-900">{t('noOffers')}</h3>
          <p className="mt-1 max-w-sm text-sm text-slate-500">{t('noOffersText')}</p>
        </div>
      ) : (
        <ul aria-label={t('offersLabel')} className="divide-y divide-slate-100">
          {offers.map((offer) => {
            const badge = STATE_BADGE[offerState(offer, now)];
            return (
              <li key={offer.id} data-testid="offer-row" className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium break-words text-slate-900">{offer.name}</h3>
                    <Badge color={badge.color}>{t(badge.labelKey)}</Badge>
                  </div>
                  {offer.description && <p className="mt-1 text-sm break-words text-slate-600">{offer.description}</p>}
                  <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
                    <span className="font-semibold text-emerald-700">{t('offerBonus', { rate: formatBps(offer.rateMultiplierBps) })}</span>
                    <span className="inline-flex items-center gap-1.5">
                      <CalendarRange aria-hidden="true" className="h-4 w-4 shrink-0" />
                      {t('offerPeriod', { start: formatDateTime(offer.startAt), end: formatDateTime(offer.endAt) })}
                    </span>
                  </p>
                </div>
                <Button variant="outline" size="sm" className="self-start" aria-label={t('editOfferLabel', { name: offer.name })} onClick={() => onEdit(offer)}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  {t('edit')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

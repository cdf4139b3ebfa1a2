import type { CardResponse } from '@loyalty/contract';
import { Download, Eye, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatCents } from '@/lib/format';
import { customerName } from '../lib/labels';
import { CardActionsMenu } from './card-actions-menu';
import type { CardTileActions } from './card-tile';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** Middle of a card tile: UID (monospace), customer name or 'Unassigned', balance (cents, formatted) and store. */
export function CardTileSummary({ card }: { card: CardResponse }) {
  const t = useMessages(cardsMessages);
  const name = customerName(card.customer);
  return (
    <div className="flex-1 space-y-1 px-4 pt-2 pb-3 text-center">
      <p className="font-mono text-sm font-semibold tracking-wider text-slate-900" data-testid="card-uid">
        {card.cardUid}
      </p>
      <p className={cn('truncate text-sm', name ? 'font-medium text-slate-800' : 'italic text-slate-500')} title={name ?? undefined}>
        {name ?? t('unassigned')}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-2 border-t border-slate-100 pt-2 text-left text-xs">
        <div>
          <dt className="text-slate-500">{t('balance')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatCents(card.balanceCents)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">{t('store')}</dt>
          <dd className="truncate font-medium text-slate-700" title={card.storeName ?? undefined}>
            {card.storeName ?? '—'}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * Action bar of a card tile: PNG download icon and View on the left; on the right
 * Assign (unassigned cards) or, for assigned cards, the 'More actions' menu with Assign Store
 * (when `canChangeStore`) and Block/Unblock (when `canBlock`).
 */
export function CardTileActionBar({
  card,
  canChangeStore,
  canBlock,
  blockPending,
  downloadPending,
  actions,
}: {
  card: CardResponse;
  canChangeStore: boolean;
  canBlock: boolean;
  blockPending: boolean;
  downloadPending: boolean;
  actions: CardTileActions;
}) {
  const t = useMessages(cardsMessages);
  return (
    <div className="flex items-center justify-between gap-1.5 border-t border-slate-100 px-3 py-2.5">
      <div className="flex shrink-0 items-center gap-1.5">
        <Tooltip content={t('tileDownloadTooltip')}>
          <Button
            variant="ghost"
            size="sm"
            className="px-2"
            onClick={() => actions.onDownload(card)}
            loading={downloadPending}
            aria-label={t('tileDownloadLabel', { uid: card.cardUid })}
          >
            {!downloadPending && <Download aria-hidden="true" className="h-4 w-4" />}
          </Button>
        </Tooltip>
        <Button variant="outline" size="sm" onClick={() => actions.onView(card)}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          {t('view')}
        </Button>
      </div>
      <div className="flex items-center gap-1.5">
        {card.status === 'UNASSIGNED' && (
          <Button size="sm" onClick={() => actions.onAssign(card)}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            {t('assign')}
          </Button>
        )}
        <CardActionsMenu card={card} canChangeStore={canChangeStore} canBlock={canBlock} blockPending={blockPending} actions={actions} />
      </div>
    </div>
  );
}

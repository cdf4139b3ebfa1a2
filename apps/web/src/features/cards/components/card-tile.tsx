import type { CardResponse } from '@loyalty/contract';
import { CardStatusBadge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { GRID_QR_SIZE } from '../api/qr-downloads';
import { CardTileActionBar, CardTileSummary } from './card-tile-parts';
import { QrImage } from './qr-image';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** What a tile can ask the page to do. */
export interface CardTileActions {
  onToggleSelect: (cardUid: string) => void;
  onView: (card: CardResponse) => void;
  onAssign: (card: CardResponse) => void;
  onAssignStore: (card: CardResponse) => void;
  onToggleBlock: (card: CardResponse) => void;
  onDownload: (card: CardResponse) => void;
}

/**
 * One card of the grid: selection box, QR image, UID (monospace), status badge (ACTIVE green,
 * BLOCKED red, UNASSIGNED grey), customer name or 'Unassigned', balance, store; actions: PNG
 * download icon, View, Assign (unassigned only), and a 'More actions' menu with Assign Store
 * (assigned cards, when the tenant has more than one store) and Block/Unblock (assigned cards).
 */
export function CardTile({
  slug,
  card,
  selected,
  canChangeStore,
  canBlock = true,
  blockPending,
  downloadPending,
  actions,
}: {
  slug: string;
  card: CardResponse;
  selected: boolean;
  /** More than one store exists: offer Assign Store on assigned cards. */
  canChangeStore: boolean;
  /** False once the server refused blocking to this role: the menu item is hidden. */
  canBlock?: boolean;
  blockPending: boolean;
  downloadPending: boolean;
  actions: CardTileActions;
}) {
  const t = useMessages(cardsMessages);
  return (
    <article
      aria-label={t('tileLabel', { uid: card.cardUid })}
      data-status={card.status}
      className={cn(
        'flex flex-col rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-md',
        selected ? 'border-indigo-400 ring-2 ring-indigo-500/40' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-2 px-4 pt-3">
        <Checkbox checked={selected} onChange={() => actions.onToggleSelect(card.cardUid)} aria-label={t('tileSelect', { uid: card.cardUid })} />
        <CardStatusBadge status={card.status} />
      </div>

      <button
        type="button"
        onClick={() => actions.onView(card)}
        aria-label={t('tileView', { uid: card.cardUid })}
        className="mx-auto mt-2 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <QrImage slug={slug} cardUid={card.cardUid} size={GRID_QR_SIZE} className="h-32 w-32" />
      </button>

      <CardTileSummary card={card} />

      <CardTileActionBar
        card={card}
        canChangeStore={canChangeStore}
        canBlock={canBlock}
        blockPending={blockPending}
        downloadPending={downloadPending}
        actions={actions}
      />
    </article>
  );
}

/** Grey placeholders in the grid's shape while the first page loads. */
export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  const t = useMessages(cardsMessages);
  return (
    <div aria-busy="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      <span className="sr-only" role="status">
        {t('loadingCards')}
      </span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex justify-between">
            <div className="h-4 w-4 animate-pulse rounded bg-slate-200" />
            <div className="h-5 w-16 animate-pulse rounded-full bg-slate-200" />
          </div>
          <div className="mx-auto mt-3 h-32 w-32 animate-pulse rounded-lg bg-slate-200" />
          <div className="mx-auto mt-3 h-4 w-32 animate-pulse rounded bg-slate-200" />
          <div className="mx-auto mt-2 h-3 w-24 animate-pulse rounded bg-slate-100" />
          <div className="mt-4 h-8 w-full animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

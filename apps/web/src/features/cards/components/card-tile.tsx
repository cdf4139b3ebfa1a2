import type { CardResponse } from '@loyalty/contract';
import { Ban, Download, Eye, Store, UserPlus, CheckCircle2 } from 'lucide-react';
import { CardStatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatCents } from '@/lib/format';
import { GRID_QR_SIZE } from '../api/qr-downloads';
import { customerName } from '../lib/labels';
import { QrImage } from './qr-image';

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
 * One card of the grid (spec §2 'Cards Management'): selection box, QR image, UID (monospace),
 * status badge (ACTIVE green, BLOCKED red, UNASSIGNED grey), customer name or 'Unassigned',
 * balance, store; actions: PNG download icon, View, Assign (unassigned only), Assign Store
 * (assigned cards, when the tenant has more than one store), Block/Unblock (assigned cards).
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
  /** False once the server refused blocking to this role: the button is hidden. */
  canBlock?: boolean;
  blockPending: boolean;
  downloadPending: boolean;
  actions: CardTileActions;
}) {
  const assigned = card.status !== 'UNASSIGNED';
  const name = customerName(card.customer);
  return (
    <article
      aria-label={`Card ${card.cardUid}`}
      data-status={card.status}
      className={cn(
        'flex flex-col rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-md',
        selected ? 'border-indigo-400 ring-2 ring-indigo-500/40' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-2 px-4 pt-3">
        <Checkbox checked={selected} onChange={() => actions.onToggleSelect(card.cardUid)} aria-label={`Select card ${card.cardUid}`} />
        <CardStatusBadge status={card.status} />
      </div>

      <button
        type="button"
        onClick={() => actions.onView(card)}
        aria-label={`View card ${card.cardUid}`}
        className="mx-auto mt-2 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <QrImage slug={slug} cardUid={card.cardUid} size={GRID_QR_SIZE} className="h-32 w-32" />
      </button>

      <div className="flex-1 space-y-1 px-4 pt-2 pb-3 text-center">
        <p className="font-mono text-sm font-semibold tracking-wider text-slate-900" data-testid="card-uid">
          {card.cardUid}
        </p>
        <p className={cn('truncate text-sm', name ? 'font-medium text-slate-800' : 'italic text-slate-500')} title={name ?? undefined}>
          {name ?? 'Unassigned'}
        </p>
        <dl className="mt-2 grid grid-cols-2 gap-2 border-t border-slate-100 pt-2 text-left text-xs">
          <div>
            <dt className="text-slate-500">Balance</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatCents(card.balanceCents)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-500">Store</dt>
            <dd className="truncate font-medium text-slate-700" title={card.storeName ?? undefined}>
              {card.storeName ?? '—'}
            </dd>
          </div>
        </dl>
      </div>

      {/* Two groups that wrap as units: the file/view actions left, the status actions right. */}
      <div className="flex flex-wrap items-center justify-between gap-1.5 border-t border-slate-100 px-3 py-2.5">
        <div className="flex shrink-0 items-center gap-1.5">
          <Tooltip content="Download QR code (PNG)">
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              onClick={() => actions.onDownload(card)}
              loading={downloadPending}
              aria-label={`Download QR code of card ${card.cardUid} (PNG)`}
            >
              {!downloadPending && <Download aria-hidden="true" className="h-4 w-4" />}
            </Button>
          </Tooltip>
          <Button variant="outline" size="sm" onClick={() => actions.onView(card)}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            View
          </Button>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 whitespace-nowrap">
          {!assigned && (
            <Button size="sm" onClick={() => actions.onAssign(card)}>
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              Assign
            </Button>
          )}
          {assigned && canChangeStore && (
            <Button variant="outline" size="sm" onClick={() => actions.onAssignStore(card)}>
              <Store aria-hidden="true" className="h-4 w-4" />
              Assign Store
            </Button>
          )}
          {assigned && canBlock && (
            <Button variant={card.status === 'BLOCKED' ? 'success' : 'danger'} size="sm" onClick={() => actions.onToggleBlock(card)} loading={blockPending}>
              {!blockPending && (card.status === 'BLOCKED' ? <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> : <Ban aria-hidden="true" className="h-4 w-4" />)}
              {card.status === 'BLOCKED' ? 'Unblock' : 'Block'}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** Grey placeholders in the grid's shape while the first page loads. */
export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div aria-busy="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      <span className="sr-only" role="status">
        Loading cards
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

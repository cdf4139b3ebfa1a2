import type { CardResponse } from '@loyalty/contract';
import { Ban, CheckCircle2, EllipsisVertical, Store } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import type { CardTileActions } from './card-tile';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * The status actions of an assigned card's tile behind a 'More actions for card {uid}' button:
 * Assign Store (when `canChangeStore`) and Block or Unblock (when `canBlock`). Nothing
 * renders when neither applies (unassigned cards, a cashier). While the block request runs the
 * button spins (it stays focusable: focus returns to it) and Block/Unblock is disabled.
 */
export function CardActionsMenu({
  card,
  canChangeStore,
  canBlock,
  blockPending,
  actions,
}: {
  card: CardResponse;
  canChangeStore: boolean;
  canBlock: boolean;
  blockPending: boolean;
  actions: Pick<CardTileActions, 'onAssignStore' | 'onToggleBlock'>;
}) {
  const t = useMessages(cardsMessages);
  const assigned = card.status !== 'UNASSIGNED';
  const showStore = assigned && canChangeStore;
  const showBlock = assigned && canBlock;
  if (!showStore && !showBlock) return null;
  const blocked = card.status === 'BLOCKED';
  return (
    <DropdownMenu
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="px-2 data-[state=open]:bg-slate-100"
          aria-label={t('moreActions', { uid: card.cardUid })}
          aria-busy={blockPending || undefined}
        >
          {blockPending ? (
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
          ) : (
            <EllipsisVertical aria-hidden="true" className="h-4 w-4" />
          )}
        </Button>
      }
    >
      {showStore && (
        <DropdownMenuItem onSelect={() => actions.onAssignStore(card)}>
          <Store aria-hidden="true" className="h-4 w-4" />
          {t('assignStore')}
        </DropdownMenuItem>
      )}
      {showBlock && (
        <DropdownMenuItem onSelect={() => actions.onToggleBlock(card)} danger={!blocked} disabled={blockPending}>
          {blocked ? <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> : <Ban aria-hidden="true" className="h-4 w-4" />}
          {blocked ? t('unblock') : t('block')}
        </DropdownMenuItem>
      )}
    </DropdownMenu>
  );
}

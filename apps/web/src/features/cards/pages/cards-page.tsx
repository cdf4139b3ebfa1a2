import { useMemo, useState, type ReactNode } from 'react';
import { CardStatus, type CardResponse } from '@loyalty/contract';
import { useParams } from 'react-router';
import { ListPage } from '@/components/ui/list-page';
import { cn } from '@/lib/cn';
import { useCards } from '../api/get-cards';
import { AssignCardDialog } from '../components/assign-card-dialog';
import { AssignStoreDialog } from '../components/assign-store-dialog';
import { CardDetailsDialog } from '../components/card-details-dialog';
import { CardGridSkeleton, CardTile, type CardTileActions } from '../components/card-tile';
import { CardsBanner } from '../components/cards-banner';
import { CardsEmpty } from '../components/cards-empty';
import { CardsToolbar } from '../components/cards-toolbar';
import { CreateBatchDialog } from '../components/create-batch-dialog';
import { DownloadQrDialog } from '../components/download-qr-dialog';
import { useListParams } from '@/hooks/use-list-params';
import { useCardRowActions } from '../hooks/use-card-row-actions';
import { useCardSelection } from '../hooks/use-card-selection';
import { useStoreOptions } from '../hooks/use-store-options';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** Cards per page of the grid (divisible by the 1–4 grid columns). */
const CARDS_PAGE_SIZE = 48;

/**
 * Cards Management /t/{slug}/cards (tenant_admin and cashier). Banner with the card allowance and
 * 'Create Card Batch'; toolbar with select-all, search (UID or customer name, debounced 300 ms),
 * status filter and 'Download QR Codes'; the card grid with per-card actions; pagination; empty,
 * loading and error states; five modals. Filters and page live in the address
 * (?status=&search=&page=) so reload and Back keep them. The selection survives paging and
 * filtering (bulk downloads may span pages).
 */
export function CardsPage() {
  const { slug = '' } = useParams();
  const list$ = useListParams(['status']);
  const statusParam = list$.filters.status;
  const status = CardStatus.safeParse(statusParam).success ? (statusParam as CardStatus) : undefined;
  const { search, page } = list$;

  const cards = useCards(slug, { status, search, page, limit: CARDS_PAGE_SIZE });
  const list = useMemo(() => cards.data?.cards ?? [], [cards.data]);
  const selection = useCardSelection(list);
  const dialogs = useCardDialogs(slug, list, [...selection.selected]);
  const t = useMessages(cardsMessages);

  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={t('pageSubtitle')}
      above={<CardsBanner slug={slug} onCreate={dialogs.openCreate} />}
      toolbar={
        <CardsToolbar
          pageState={selection.pageState}
          onToggleAll={selection.toggleAll}
          selectedCount={selection.selected.size}
          onClearSelection={selection.clear}
          search={list$.searchInput}
          onSearchChange={list$.setSearchInput}
          status={status ?? ''}
          onStatusChange={(s) => list$.update({ status: s })}
          onDownload={dialogs.openDownload}
          disabled={list.length === 0}
        />
      }
      query={cards}
      errorTitle={t('loadError')}
      errorFallback={t('loadErrorFallback')}
      pagination={{
        page,
        pages: cards.data?.pages ?? 0,
        total: cards.data?.total ?? 0,
        limit: CARDS_PAGE_SIZE,
        noun: t('paginationNoun'),
        className: 'mt-6',
        onPage: (p) => list$.update({ page: p }),
      }}
      dialogs={dialogs.node}
    >
      {cards.isPending ? (
        <CardGridSkeleton />
      ) : list.length === 0 ? (
        <CardsEmpty filtered={Boolean(status || search)} onClear={list$.clearAll} onCreate={dialogs.openCreate} />
      ) : (
        <CardGrid
          slug={slug}
          cards={list}
          selected={selection.selected}
          dimmed={cards.isPlaceholderData}
          actions={{ ...dialogs.actions, onToggleSelect: selection.toggle }}
        />
      )}
    </ListPage>
  );
}

/** The grid of card tiles (1–4 columns), with each tile's block and download state. */
function CardGrid({
  slug,
  cards,
  selected,
  dimmed,
  actions,
}: {
  slug: string;
  cards: CardResponse[];
  selected: Set<string>;
  dimmed: boolean;
  actions: Omit<CardTileActions, 'onToggleBlock' | 'onDownload'>;
}) {
  const row = useCardRowActions(slug);
  const { stores } = useStoreOptions(slug);
  return (
    <div
      aria-busy={dimmed || undefined}
      className={cn(
        'grid grid-cols-1 gap-4 transition-opacity motion-reduce:transition-none sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
        dimmed && 'opacity-60',
      )}
    >
      {cards.map((card) => (
        <CardTile
          key={card.cardUid}
          slug={slug}
          card={card}
          selected={selected.has(card.cardUid)}
          canChangeStore={stores.length > 1}
          canBlock={row.canBlock}
          blockPending={row.blockPending(card.cardUid)}
          downloadPending={row.downloadPending(card.cardUid)}
          actions={{ ...actions, onToggleBlock: row.onToggleBlock, onDownload: row.onDownload }}
        />
      ))}
    </div>
  );
}

/** The five modals of the Cards page and the actions that open them; a modal shows the freshest copy of its card. */
function useCardDialogs(slug: string, list: CardResponse[], selectedUids: string[]) {
  const [createOpen, setCreateOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [detailsCard, setDetailsCard] = useState<CardResponse | null>(null);
  const [assignCard, setAssignCard] = useState<CardResponse | null>(null);
  const [storeCard, setStoreCard] = useState<CardResponse | null>(null);
  const { stores } = useStoreOptions(slug);
  const fresh = (card: CardResponse | null) => (card ? (list.find((c) => c.cardUid === card.cardUid) ?? card) : null);
  const node: ReactNode = (
    <>
      <CreateBatchDialog slug={slug} open={createOpen} onClose={() => setCreateOpen(false)} />
      <CardDetailsDialog slug={slug} card={fresh(detailsCard)} stores={stores} onClose={() => setDetailsCard(null)} />
      <AssignCardDialog slug={slug} card={assignCard} onClose={() => setAssignCard(null)} />
      <AssignStoreDialog slug={slug} card={storeCard} onClose={() => setStoreCard(null)} />
      <DownloadQrDialog slug={slug} cardUids={selectedUids} open={downloadOpen} onClose={() => setDownloadOpen(false)} />
    </>
  );
  return {
    openCreate: () => setCreateOpen(true),
    openDownload: () => setDownloadOpen(true),
    actions: { onView: setDetailsCard, onAssign: setAssignCard, onAssignStore: setStoreCard },
    node,
  };
}

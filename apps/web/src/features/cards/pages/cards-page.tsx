import { useMemo, useState, type ReactNode } from 'react';
import { CardStatus, type CardResponse } from '@loyalty/contract';
import { CreditCard, Plus, SearchX } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useToggleBlock, blockSuccessMessage } from '../api/toggle-block';
import { useCards } from '../api/get-cards';
import { downloadCardQr } from '../api/qr-downloads';
import { AssignCardDialog } from '../components/assign-card-dialog';
import { AssignStoreDialog } from '../components/assign-store-dialog';
import { CardDetailsDialog } from '../components/card-details-dialog';
import { CardGridSkeleton, CardTile, type CardTileActions } from '../components/card-tile';
import { CardsBanner } from '../components/cards-banner';
import { CardsToolbar } from '../components/cards-toolbar';
import { CreateBatchDialog } from '../components/create-batch-dialog';
import { withDownloadToasts } from '../components/download-feedback';
import { DownloadQrDialog } from '../components/download-qr-dialog';
import { Pagination } from '@/components/ui/pagination';
import { useSearchBox, useSnapToLastPage } from '@/hooks/use-url-list-state';
import { useStoreOptions } from '../hooks/use-store-options';

/** Cards per page of the grid (divisible by the 1–4 grid columns). */
export const CARDS_PAGE_SIZE = 48;

/** A 403 that means "your role may not do this" (not the subscription gate). */
const isRoleRefusal = (error: unknown) => isApiError(error, 403) && error.code === 'FORBIDDEN';

/**
 * Cards Management /t/{slug}/cards (spec §2 'Cards Management', §4 'Card', §5, §8; tenant_admin
 * and cashier). Banner with the card allowance and 'Create Card Batch'; toolbar with select-all,
 * search (UID or customer name, debounced 300 ms), status filter and 'Download QR Codes'; the
 * card grid with per-card actions; pagination; empty, loading and error states; five modals.
 * Filters and page live in the address (?status=&search=&page=) so reload and Back keep them.
 * The selection survives paging and filtering (bulk downloads may span pages).
 */
export function CardsPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const status = CardStatus.safeParse(statusParam).success ? (statusParam as CardStatus) : undefined;
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const [searchInput, setSearchInput] = useSearchBox(search, (text) => update({ search: text }));

  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [createOpen, setCreateOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [detailsCard, setDetailsCard] = useState<CardResponse | null>(null);
  const [assignCard, setAssignCard] = useState<CardResponse | null>(null);
  const [storeCard, setStoreCard] = useState<CardResponse | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  // Block/Unblock is tenant_admin only on the server (cards routes: a cashier gets 403), so it
  // is hidden from cashiers, and from anyone the server refuses it to.
  const role = useAuthStore((s) => s.user?.role);
  const [blockRefused, setBlockRefused] = useState(false);
  const canBlock = role !== 'cashier' && !blockRefused;

  const cards = useCards(slug, { status, search, page, limit: CARDS_PAGE_SIZE });
  const toggleBlock = useToggleBlock(slug);
  const { stores } = useStoreOptions(slug);

  /** Updates the address's filters; any filter change goes back to page 1. */
  function update(next: { status?: string; search?: string; page?: number }) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        const set = (key: string, value: string | undefined) => (value ? p.set(key, value) : p.delete(key));
        if (next.status !== undefined) set('status', next.status);
        if (next.search !== undefined) set('search', next.search.trim());
        if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : undefined);
        else p.delete('page');
        return p;
      },
      { replace: next.page === undefined },
    );
  }

  const pages = cards.data?.pages ?? 0;
  useSnapToLastPage(page, pages, !cards.isPlaceholderData, (last) => update({ page: last }));

  const list = useMemo(() => cards.data?.cards ?? [], [cards.data]);
  const onPage = list.filter((c) => selected.has(c.cardUid)).length;
  const pageState = list.length > 0 && onPage === list.length ? 'all' : onPage > 0 ? 'some' : 'none';
  const filtered = Boolean(status || search);
  const canChangeStore = stores.length > 1;
  /** The freshest copy of a card shown in a modal (the list refetches after each change). */
  const fresh = (card: CardResponse | null) => (card ? (list.find((c) => c.cardUid === card.cardUid) ?? card) : null);

  function toggleAll() {
    setSelected((prev) => {
      const next = new Set(prev);
      if (pageState === 'all') list.forEach((c) => next.delete(c.cardUid));
      else list.forEach((c) => next.add(c.cardUid));
      return next;
    });
  }

  const actions: CardTileActions = {
    onToggleSelect: (uid) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(uid)) next.delete(uid);
        else next.add(uid);
        return next;
      }),
    onView: setDetailsCard,
    onAssign: setAssignCard,
    onAssignStore: setStoreCard,
    onToggleBlock: (card) =>
      toggleBlock.mutate(card.cardUid, {
        onSuccess: (updated) => toast.success(blockSuccessMessage(updated)),
        onError: (err) => {
          if (isRoleRefusal(err)) setBlockRefused(true);
          toast.error('Failed to update card status');
        },
      }),
    onDownload: async (card) => {
      setDownloading(card.cardUid);
      await withDownloadToasts(() => downloadCardQr(slug, card.cardUid, 'png'), {
        success: 'QR code downloaded successfully',
        failure: 'Failed to download QR code',
        logPrefix: 'Failed to download QR code',
      });
      setDownloading(null);
    },
  };

  const openCreate = () => setCreateOpen(true);

  let body;
  if (cards.isPending) {
    body = <CardGridSkeleton />;
  } else if (cards.isError && !cards.data) {
    body = (
      <LoadError title="Failed to load cards" query={cards} fallback={'Something went wrong while loading the cards.'} />
    );
  } else if (list.length === 0) {
    body = filtered ? (
      <EmptyState icon={<SearchX aria-hidden="true" className="h-8 w-8" />} title="No cards found matching your criteria" text="Try another card UID or name, or a different status.">
        <Button
          variant="outline"
          onClick={() => {
            setSearchInput('');
            update({ status: '', search: '' });
          }}
        >
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<CreditCard aria-hidden="true" className="h-8 w-8" />} title="No cards created yet" text="Create a batch of loyalty cards, print their QR codes and assign them to your customers.">
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Create Card Batch
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div
          aria-busy={cards.isFetching || undefined}
          className={`grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${cards.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {list.map((card) => (
            <CardTile
              key={card.cardUid}
              slug={slug}
              card={card}
              selected={selected.has(card.cardUid)}
              canChangeStore={canChangeStore}
              canBlock={canBlock}
              blockPending={toggleBlock.isPending && toggleBlock.variables === card.cardUid}
              downloadPending={downloading === card.cardUid}
              actions={actions}
            />
          ))}
        </div>
        <Pagination page={page} pages={pages} total={cards.data?.total ?? 0} limit={CARDS_PAGE_SIZE} noun="cards" className="mt-6" onPage={(p) => update({ page: p })} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Cards Management" subtitle="Create, activate, and manage loyalty cards" />
      <CardsBanner slug={slug} onCreate={openCreate} />
      <CardsToolbar
        pageState={pageState}
        onToggleAll={toggleAll}
        selectedCount={selected.size}
        onClearSelection={() => setSelected(new Set())}
        search={searchInput}
        onSearchChange={setSearchInput}
        status={status ?? ''}
        onStatusChange={(s) => update({ status: s })}
        onDownload={() => setDownloadOpen(true)}
        disabled={list.length === 0}
      />
      {cards.isError && cards.data && (
        <Alert tone="error" className="mb-4">
          {errorMessage(cards.error, 'Failed to load cards')}
        </Alert>
      )}
      {body}

      <CreateBatchDialog slug={slug} open={createOpen} onClose={() => setCreateOpen(false)} />
      <CardDetailsDialog slug={slug} card={fresh(detailsCard)} stores={stores} onClose={() => setDetailsCard(null)} />
      <AssignCardDialog slug={slug} card={assignCard} onClose={() => setAssignCard(null)} />
      <AssignStoreDialog slug={slug} card={storeCard} onClose={() => setStoreCard(null)} />
      <DownloadQrDialog slug={slug} cardUids={[...selected]} open={downloadOpen} onClose={() => setDownloadOpen(false)} />
    </div>
  );
}

function EmptyState({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-500">{text}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}

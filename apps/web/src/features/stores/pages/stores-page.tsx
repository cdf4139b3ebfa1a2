import { useState } from 'react';
import type { StoreItem } from '@loyalty/contract';
import { Plus, Store } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useStoreList } from '../api/get-stores';
import { StoreCard, StoreGridSkeleton } from '../components/store-card';
import { StoreFormDialog } from '../components/store-form-dialog';
import { useMessages } from '@/lib/i18n';
import { storesMessages } from '../messages';

/** Which store modal is open: none, create, or edit one store. */
type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; store: StoreItem };

/**
 * Stores /t/{slug}/stores (tenant_admin). A grid of store cards (name, Active/Inactive badge,
 * address, counts of staff, cards and transactions, created date) with per-store Edit and 'Join
 * poster' downloads; 'Add Store' opens 'Create New Store'. Loading skeleton, empty state and a load
 * error with a retry.
 */
export function StoresPage() {
  const t = useMessages(storesMessages);
  const { slug = '' } = useParams();
  const stores = useStoreList(slug);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const openCreate = () => setModal({ mode: 'create' });
  const list = stores.data?.stores ?? [];
  // The freshest copy of the store being edited (the list refetches after each change).
  const editing = modal.mode === 'edit' ? (list.find((s) => s.id === modal.store.id) ?? modal.store) : null;

  let body;
  if (stores.isPending) {
    body = <StoreGridSkeleton />;
  } else if (stores.isError && !stores.data) {
    body = <LoadError title={t('loadFailed')} query={stores} fallback={t('loadFailedFallback')} />;
  } else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <Store aria-hidden="true" className="h-8 w-8" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">{t('emptyTitle')}</h2>
        <p className="mt-1 max-w-md text-sm text-slate-500">{t('emptyText')}</p>
        <Button className="mt-6" onClick={openCreate}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('addStore')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div aria-busy={stores.isFetching || undefined} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((store) => (
          <StoreCard key={store.id} slug={slug} store={store} onEdit={(s) => setModal({ mode: 'edit', store: s })} />
        ))}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('addStore')}
          </Button>
        }
      />
      {stores.isError && stores.data && (
        <Alert tone="error" className="mb-4">
          {errorMessage(stores.error, t('loadFailed'))}
        </Alert>
      )}
      {body}
      <StoreFormDialog slug={slug} open={modal.mode !== 'closed'} store={editing} onClose={() => setModal({ mode: 'closed' })} />
    </div>
  );
}

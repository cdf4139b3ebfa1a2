import { useParams } from 'react-router';
import { POS_GATE_MESSAGE } from '@loyalty/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { useAuthStore } from '@/lib/auth-store';
import { useMessages } from '@/lib/i18n';
import { useOnline } from '@/lib/offline/use-offline';
import { posMessages } from '../messages';
import { CardLookup } from '../components/card-lookup';
import { CardLedger } from '@/components/ledger/card-ledger';
import { CardPanel } from '../components/card-panel';
import { CardScanner } from '../components/card-scanner';
import { OfflineStatus } from '../components/offline-status';
import { CardLoadStatus, PosIdle } from '../components/pos-placeholders';
import { TransactionPanel } from '../components/transaction-panel';
import { usePosSession } from '../hooks/use-pos-session';

/**
 * POS Terminal /t/{slug}/pos (tenant_admin and cashier). Left: card lookup, then the loaded card.
 * Right: Earn Cashback / Redeem. The balance updates in place after each transaction; 'New
 * Transaction' clears the card. The header shows the offline till's indicator and its sync queue
 * (docs/product.md 'Offline till'); a card shown from the till's offline copy, or while offline,
 * says its balance may be out of date, and its last transactions wait for the connection.
 */
export function PosPage() {
  const { slug = '' } = useParams();
  const t = useMessages(posMessages);
  const user = useAuthStore((s) => s.user);
  const online = useOnline();
  const { input, setInput, cardUid, card, loaded, fromCache, lastResult, setLastResult, scannerSession, inputRef, canTransact, load, reset } =
    usePosSession(slug);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} actions={<OfflineStatus slug={slug} />} />

      {!canTransact && !loaded && (
        <Alert tone="warning" className="mb-6">
          {POS_GATE_MESSAGE}
        </Alert>
      )}

      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          <CardLookup
            value={input}
            onChange={setInput}
            onLoad={load}
            loading={card.isFetching && !loaded}
            inputRef={inputRef}
            scanner={(loadText) => <CardScanner key={scannerSession} onDecoded={loadText} />}
          />
          {cardUid && <CardLoadStatus pending={card.isPending} error={card.isError ? card.error : null} />}
          {loaded && <CardPanel card={loaded} lastResult={lastResult} stale={fromCache || !online} onNewTransaction={reset} />}
          {loaded && !fromCache && online && <CardLedger slug={slug} cardId={loaded.id} />}
        </div>

        <div className="lg:col-span-3">
          {loaded ? (
            <TransactionPanel key={loaded.cardUid} slug={slug} card={loaded} storeId={user?.storeId ?? null} canTransact={canTransact} onDone={setLastResult} />
          ) : (
            <PosIdle />
          )}
        </div>
      </div>
    </div>
  );
}

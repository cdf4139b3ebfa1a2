import { useRef, useState } from 'react';
import { canTransact as canTransactRule } from '@loyalty/domain';
import { ScanLine } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useTenant } from '@/api/get-tenant';
import { errorMessage } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useCard } from '../api/get-card';
import { CardLookup } from '../components/card-lookup';
import { CardPanel } from '../components/card-panel';
import { CardScanner } from '../components/card-scanner';
import { TransactionPanel } from '../components/transaction-panel';

/**
 * POS Terminal /t/{slug}/pos (spec §2 'POS Terminal', §4 'POS flow', §5 'POS'; tenant_admin and
 * cashier). Left: card lookup, then the loaded card. Right: Earn Cashback / Redeem. The balance
 * updates in place after each transaction; 'New Transaction' clears the card.
 */
export function PosPage() {
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const sessionTenant = useAuthStore((s) => s.tenant);
  const tenant = useTenant(slug);

  const [input, setInput] = useState('');
  const [cardUid, setCardUid] = useState<string | null>(null);
  const [lastResult, setLastResult] = useState<string | null>(null);
  /** Remount key of the camera scanner: 'New Transaction' stops and clears the camera. */
  const [scannerSession, setScannerSession] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const card = useCard(slug, cardUid);

  // The tenant's answer decides; until it arrives, apply the same domain rule to the session's
  // copy of the status (a PAST_DUE tenant stays greyed until its grace date is known).
  const canTransact = tenant.data
    ? tenant.data.canTransact
    : sessionTenant && sessionTenant.slug === slug
      ? canTransactRule({ subscriptionStatus: sessionTenant.subscriptionStatus, graceEndsAt: null }, new Date())
      : true;

  function load(uid: string) {
    setInput(uid);
    setLastResult(null);
    if (uid === cardUid) void card.refetch();
    else setCardUid(uid);
  }

  function reset() {
    setCardUid(null);
    setInput('');
    setLastResult(null);
    setScannerSession((n) => n + 1);
    inputRef.current?.focus();
  }

  const loaded = card.data && cardUid ? card.data : null;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="POS Terminal" subtitle="Scan cards to process transactions" />

      {!canTransact && !loaded && (
        <Alert tone="warning" className="mb-6">
          Subscription required to process transactions
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

          {cardUid && card.isPending && (
            <Card>
              <CardContent className="flex items-center justify-center gap-3 py-10 text-indigo-600">
                <Spinner label="Loading card" />
                <span className="text-sm text-slate-600">Loading card…</span>
              </CardContent>
            </Card>
          )}
          {cardUid && card.isError && <Alert tone="error">{errorMessage(card.error, 'Card not found')}</Alert>}
          {loaded && <CardPanel card={loaded} lastResult={lastResult} onNewTransaction={reset} />}
        </div>

        <div className="lg:col-span-3">
          {loaded ? (
            <TransactionPanel
              key={loaded.cardUid}
              slug={slug}
              card={loaded}
              storeId={user?.storeId ?? null}
              canTransact={canTransact}
              onDone={setLastResult}
            />
          ) : (
            <Card className="h-full">
              <CardContent className="flex h-full min-h-64 flex-col items-center justify-center py-12 text-center">
                <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                  <ScanLine aria-hidden="true" className="h-8 w-8" />
                </span>
                <p className="mt-4 text-lg font-medium text-slate-900">Scan a customer card to begin</p>
                <p className="mt-1 max-w-sm text-sm text-slate-500">Start the camera and show the card&apos;s QR code, or type the UID printed under it and press Enter.</p>
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

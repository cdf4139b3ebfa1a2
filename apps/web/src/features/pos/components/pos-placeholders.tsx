import { ScanLine } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';

/** While a looked-up card loads: a spinner card; when the lookup failed: the server's reason, else 'Card not found'. */
export function CardLoadStatus({ pending, error }: { pending: boolean; error: unknown }) {
  if (pending)
    return (
      <Card>
        <CardContent className="flex items-center justify-center gap-3 py-10 text-indigo-600">
          <Spinner label="Loading card" />
          <span className="text-sm text-slate-600">Loading card…</span>
        </CardContent>
      </Card>
    );
  if (error) return <Alert tone="error">{errorMessage(error, 'Card not found')}</Alert>;
  return null;
}

/** Right-hand placeholder of the POS terminal until a card is loaded: 'Scan a customer card to begin'. */
export function PosIdle() {
  return (
    <Card className="h-full">
      <EmptyState
        framed={false}
        className="h-full min-h-64"
        icon={<ScanLine aria-hidden="true" className="h-8 w-8" />}
        title="Scan a customer card to begin"
        description="Start the camera and show the card's QR code, or type the UID printed under it and press Enter."
      />
    </Card>
  );
}

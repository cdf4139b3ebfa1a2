import { ScanLine } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
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
      <CardContent className="flex h-full min-h-64 flex-col items-center justify-center py-12 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <ScanLine aria-hidden="true" className="h-8 w-8" />
        </span>
        <p className="mt-4 text-lg font-medium text-slate-900">Scan a customer card to begin</p>
        <p className="mt-1 max-w-sm text-sm text-slate-500">Start the camera and show the card&apos;s QR code, or type the UID printed under it and press Enter.</p>
      </CardContent>
    </Card>
  );
}

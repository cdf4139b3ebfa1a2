import { useState } from 'react';
import { Download, UserX } from 'lucide-react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useAskErasure, useDownloadMyData, useMyErasureRequest } from '../api/my-data';

/**
 * 'Your data' on the customer's own page (docs/security.md 'Personal data'): 'Download my data'
 * saves the zip of everything stored about them; 'Ask to erase my data' asks once more (it
 * cannot be undone) and sends the request; once asked, the card says when the data will be
 * erased at the latest (30 days after asking).
 */
export function MyDataCard({ slug }: { slug: string }) {
  const download = useDownloadMyData(slug);
  const request = useMyErasureRequest(slug);
  const ask = useAskErasure(slug);
  const [confirming, setConfirming] = useState(false);
  const dueAt = request.data?.dueAt ?? null;
  const close = () => {
    ask.reset();
    setConfirming(false);
  };
  const send = () => ask.mutate(undefined, { onSuccess: () => (toast.success('Your request was sent'), close()) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">Download everything we store about you: your profile, cards, transactions and the e-mails we sent you.</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            loading={download.isPending}
            onClick={() => download.mutate(undefined, { onError: () => toast.error('Failed to download your data. Please try again.') })}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download my data
          </Button>
          {!dueAt && (
            <Button variant="danger" disabled={request.isPending} onClick={() => setConfirming(true)}>
              <UserX aria-hidden="true" className="h-4 w-4" />
              Ask to erase my data
            </Button>
          )}
        </div>
        {dueAt && <Alert tone="info">You asked to erase your data. It will be erased by {formatDate(dueAt)} at the latest.</Alert>}
      </CardContent>
      <ActionConfirmDialog
        open={confirming}
        onClose={close}
        title="Erase my data"
        pending={ask.isPending}
        onConfirm={send}
        icon={UserX}
        confirmLabel="Ask to erase my data"
        error={ask.isError ? errorMessage(ask.error, 'Failed to send your request. Please try again.') : null}
      >
        <p>
          Your name, e-mail, phone and login will be erased, your cards blocked and any remaining balance given up. This cannot be undone. The business carries
          it out within 30 days.
        </p>
      </ActionConfirmDialog>
    </Card>
  );
}

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
import { useMessages } from '@/lib/i18n';
import { customerMessages } from '../messages';

/**
 * 'Your data' on the customer's own page (docs/security.md 'Personal data'): 'Download my data'
 * saves the zip of everything stored about them; 'Ask to erase my data' asks once more (it
 * cannot be undone) and sends the request; once asked, the card says when the data will be
 * erased at the latest (30 days after asking).
 */
export function MyDataCard({ slug }: { slug: string }) {
  const t = useMessages(customerMessages);
  const download = useDownloadMyData(slug);
  const request = useMyErasureRequest(slug);
  const ask = useAskErasure(slug);
  const [confirming, setConfirming] = useState(false);
  const dueAt = request.data?.dueAt ?? null;
  const close = () => {
    ask.reset();
    setConfirming(false);
  };
  const send = () => ask.mutate(undefined, { onSuccess: () => (toast.success(t('dataRequestSent')), close()) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dataTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">{t('dataText')}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            loading={download.isPending}
            onClick={() => download.mutate(undefined, { onError: () => toast.error(t('dataDownloadFailed')) })}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('dataDownload')}
          </Button>
          {!dueAt && (
            <Button variant="danger" disabled={request.isPending} onClick={() => setConfirming(true)}>
              <UserX aria-hidden="true" className="h-4 w-4" />
              {t('dataAskErase')}
            </Button>
          )}
        </div>
        {dueAt && <Alert tone="info">{t('dataErasureDue', { date: formatDate(dueAt) })}</Alert>}
      </CardContent>
      <ActionConfirmDialog
        open={confirming}
        onClose={close}
        title={t('dataEraseTitle')}
        pending={ask.isPending}
        onConfirm={send}
        icon={UserX}
        confirmLabel={t('dataAskErase')}
        error={ask.isError ? errorMessage(ask.error, t('dataRequestFailed')) : null}
      >
        <p>{t('dataEraseText')}</p>
      </ActionConfirmDialog>
    </Card>
  );
}

import { useState } from 'react';
import { MAX_BULK_CARDS } from '@loyalty/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { BulkQrForm, PrintReadyForm, type DownloadBusy, type QrDownloadFormProps } from './qr-download-forms';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * 'Download QR Codes' modal for the selected cards. Images: format PNG / JPG / SVG (default PNG), size
 * 100–2000 px (default 300), labels included (default on) → a zip. Print-ready sheets: standard
 * or card template, cards per page (default 8) → a zip. Each closes the modal on success.
 */
export function DownloadQrDialog({ slug, cardUids, open, onClose }: { slug: string; cardUids: string[]; open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState<DownloadBusy>(null);
  const t = useMessages(cardsMessages);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('downloadQrCodes')}
      description={t('downloadSelected', { count: cardUids.length })}
      dismissible={busy === null}
      footer={
        <Button variant="outline" onClick={onClose} disabled={busy !== null}>
          {t('cancel')}
        </Button>
      }
    >
      <DownloadForms slug={slug} cardUids={cardUids} busy={busy} setBusy={setBusy} onDone={onClose} />
    </Dialog>
  );
}

/** The two download forms of the dialog, with the 'too many cards' alert above them (MAX_BULK_CARDS, contract). */
function DownloadForms({ slug, cardUids, busy, setBusy, onDone }: Omit<QrDownloadFormProps, 'blocked'>) {
  const t = useMessages(cardsMessages);
  const tooMany = cardUids.length > MAX_BULK_CARDS;
  const props = { slug, cardUids, busy, setBusy, onDone, blocked: cardUids.length === 0 || tooMany };
  return (
    <div className="space-y-5">
      {tooMany && <Alert tone="error">{t('downloadTooMany', { max: MAX_BULK_CARDS })}</Alert>}
      <BulkQrForm {...props} />
      <PrintReadyForm {...props} />
    </div>
  );
}

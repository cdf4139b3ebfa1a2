import { useState } from 'react';
import { QrCode } from 'lucide-react';
import { cn } from '@/lib/cn';
import { qrImageUrl } from '../api/qr-downloads';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * A card's QR code as served by GET /cards/{uid}/qr/download (PNG). Loads lazily; when the
 * image cannot be loaded a neutral placeholder says so instead of a broken-image icon.
 */
export function QrImage({ slug, cardUid, size, className }: { slug: string; cardUid: string; size: number; className?: string }) {
  const t = useMessages(cardsMessages);
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={t('qrUnavailableLabel', { uid: cardUid })}
        className={cn('flex flex-col items-center justify-center gap-1 rounded-lg bg-slate-100 text-slate-600', className)}
      >
        <QrCode aria-hidden="true" className="h-8 w-8" />
        <span className="text-xs">{t('qrUnavailable')}</span>
      </div>
    );
  }
  return (
    <img
      src={qrImageUrl(slug, cardUid, { size })}
      alt={t('qrAlt', { uid: cardUid })}
      loading="lazy"
      decoding="async"
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className={cn('rounded-lg bg-white object-contain', className)}
    />
  );
}

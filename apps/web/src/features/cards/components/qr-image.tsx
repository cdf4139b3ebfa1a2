import { useState } from 'react';
import { QrCode } from 'lucide-react';
import { cn } from '@/lib/cn';
import { qrImageUrl } from '../api/qr-downloads';

/**
 * A card's QR code as served by GET /cards/{uid}/qr/download (PNG). Loads lazily; when the
 * image cannot be loaded a neutral placeholder says so instead of a broken-image icon.
 */
export function QrImage({ slug, cardUid, size, className }: { slug: string; cardUid: string; size: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={`QR code for card ${cardUid} unavailable`}
        className={cn('flex flex-col items-center justify-center gap-1 rounded-lg bg-slate-100 text-slate-600', className)}
      >
        <QrCode aria-hidden="true" className="h-8 w-8" />
        <span className="text-xs">QR unavailable</span>
      </div>
    );
  }
  return (
    <img
      src={qrImageUrl(slug, cardUid, { size })}
      alt={`QR code for card ${cardUid}`}
      loading="lazy"
      decoding="async"
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className={cn('rounded-lg bg-white object-contain', className)}
    />
  );
}

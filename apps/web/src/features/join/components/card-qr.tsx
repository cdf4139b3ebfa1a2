import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Spinner } from '@/components/ui/spinner';
import { useMessages } from '@/lib/i18n';
import { joinMessages } from '../messages';

/**
 * The QR code of a card's public page (`url`, what printed cards encode: the POS scanner reads
 * the card from it), drawn by the `qrcode` package as an SVG image: error correction M, a
 * 4-module quiet zone, white background, `size` CSS pixels square. A spinner while it is drawn.
 */
export function CardQr({ url, label, size = 224 }: { url: string; label: string; size?: number }) {
  const t = useMessages(joinMessages);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="flex items-center justify-center rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200" style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt={label} width={size - 16} height={size - 16} className="h-full w-full [image-rendering:pixelated]" />
      ) : (
        <Spinner label={t('qrDrawing')} />
      )}
    </div>
  );
}

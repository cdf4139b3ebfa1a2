import { useId } from 'react';
import { QrCode, Store } from 'lucide-react';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import type { WalletColourField } from '../lib/wallet';
import { rulesMessages } from '../messages';

/** The sample balance of the preview ($12.40), in cents. */
const SAMPLE_BALANCE_CENTS = 1240;

/**
 * The live preview of a pass front (docs/product.md 'Wallet passes'): a card in the background
 * colour with the logo (or a default icon) and `name` in the text colour, 'BALANCE' and
 * 'MEMBER' in the label colour over a sample '$12.40' and 'Jane Customer', and the white square
 * where each card's QR code goes. One image for assistive technology (role="img"), named by
 * what it shows.
 */
export function WalletPassPreview({ name, colours, logoUrl }: { name: string; colours: Record<WalletColourField, string>; logoUrl: string | null }) {
  const t = useMessages(rulesMessages);
  const headingId = useId();
  const balance = formatCents(SAMPLE_BALANCE_CENTS);
  const member = t('walletPreviewSampleName');
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('walletPreviewTitle')}
      </h3>
      <div
        role="img"
        aria-label={t('walletPreviewLabel', { name, balance, member })}
        className="mx-auto flex aspect-[4/5] w-full max-w-80 flex-col rounded-2xl p-4 shadow-lg ring-1 ring-black/10"
        style={{ backgroundColor: colours.backgroundColor, color: colours.foregroundColor }}
      >
        <div className="flex min-w-0 items-center gap-2.5">
          {logoUrl ? <img src={logoUrl} alt="" className="h-9 w-9 shrink-0 object-contain" /> : <Store aria-hidden="true" className="h-8 w-8 shrink-0" />}
          <p className="truncate text-base font-semibold">{name}</p>
        </div>
        <PassField label={t('walletPreviewBalance')} value={balance} labelColor={colours.labelColor} className="mt-6" valueClassName="text-3xl" />
        <PassField label={t('walletPreviewMember')} value={member} labelColor={colours.labelColor} className="mt-4" valueClassName="text-base" />
        <div className="mt-auto flex justify-center pt-4">
          <div className="flex h-24 w-24 items-center justify-center rounded-lg bg-white p-2 text-slate-900">
            <QrCode aria-hidden="true" className="h-full w-full" />
          </div>
        </div>
      </div>
      <p className="text-xs text-slate-500">{t('walletPreviewNote')}</p>
    </section>
  );
}

/** A field of the pass: its label (upper-case, the label colour) over its value (the text colour). */
function PassField({
  label,
  value,
  labelColor,
  className,
  valueClassName,
}: {
  label: string;
  value: string;
  labelColor: string;
  className: string;
  valueClassName: string;
}) {
  return (
    <div className={className}>
      <p className="text-[11px] font-semibold tracking-wider" style={{ color: labelColor }}>
        {label}
      </p>
      <p className={valueClassName}>{value}</p>
    </div>
  );
}

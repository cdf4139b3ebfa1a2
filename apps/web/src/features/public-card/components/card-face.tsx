import type { CardStatus } from '@loyalty/contract';
import { formatCents } from '@/lib/format';
import { Nfc, Sparkles } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCardNumber } from '@/lib/card-number';
import { useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

/** Balance text size by length, so that even a large balance stays on one line on a phone. */
function balanceSize(text: string): string {
  if (text.length <= 10) return 'text-5xl';
  if (text.length <= 13) return 'text-4xl';
  return 'text-3xl';
}

/**
 * The card itself, drawn like a physical loyalty card: business name, current balance (large),
 * grouped card number and, when known, the holder's name. A blocked card is drawn greyed.
 */
export function CardFace({
  tenantName,
  cardUid,
  balanceCents,
  status,
  holderName,
}: {
  tenantName: string;
  cardUid: string;
  balanceCents: number;
  status: CardStatus;
  /** Shown at the bottom right; null hides it (no token, or an unassigned card). */
  holderName: string | null;
}) {
  const t = useMessages(publicCardMessages);
  const balance = formatCents(balanceCents);
  return (
    <section
      aria-label={t('cardLabel')}
      className={cn(
        'relative isolate overflow-hidden rounded-3xl p-5 text-white shadow-xl sm:p-6',
        status === 'BLOCKED'
          ? 'bg-gradient-to-br from-slate-500 to-slate-700 shadow-slate-900/20'
          : 'bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-700 shadow-indigo-900/25',
      )}
    >
      <span aria-hidden="true" className="absolute -top-20 -right-16 -z-10 h-56 w-56 rounded-full bg-white/10" />
      <span aria-hidden="true" className="absolute -bottom-24 -left-12 -z-10 h-56 w-56 rounded-full bg-white/5" />

      <div className="flex items-center justify-between gap-3">
        <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-white/95">
          <Sparkles aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-200" />
          <span className="truncate">{tenantName}</span>
        </p>
        <Nfc aria-hidden="true" className="h-6 w-6 shrink-0 text-white/70" />
      </div>

      <div className="mt-7">
        <p className="text-xs font-medium tracking-wider text-indigo-100 uppercase">{t('currentBalance')}</p>
        <p className={cn('mt-1 font-bold tracking-tight whitespace-nowrap tabular-nums', balanceSize(balance))} data-testid="public-card-balance">
          {balance}
        </p>
      </div>

      <div className="mt-7 flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <p className="text-[11px] font-medium tracking-wider text-indigo-200 uppercase">{t('cardNumber')}</p>
          <p className="mt-0.5 font-mono text-base tracking-[0.18em] whitespace-nowrap" aria-label={t('cardNumberLabel', { cardUid })}>
            {formatCardNumber(cardUid)}
          </p>
        </div>
        {holderName && (
          <div className="min-w-0 text-right">
            <p className="text-[11px] font-medium tracking-wider text-indigo-200 uppercase">{t('cardHolder')}</p>
            <p className="mt-0.5 truncate text-base font-medium">{holderName}</p>
          </div>
        )}
      </div>
    </section>
  );
}

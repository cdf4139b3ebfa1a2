import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

/**
 * Under the redeem amount: 'Available: $X' (the card balance, cents) and 'Use
 * full balance', which fills in the whole balance and is off for a card holding $0.00.
 */
export function RedeemBalance({ balanceCents, onUseAll }: { balanceCents: number; onUseAll: () => void }) {
  const t = useMessages(posMessages);
  return (
    <div className="-mt-2 flex items-center justify-between text-sm">
      <span className="font-medium text-slate-700 tabular-nums">{t('redeemAvailable', { balance: formatCents(balanceCents) })}</span>
      <button
        type="button"
        disabled={balanceCents <= 0}
        onClick={onUseAll}
        className="font-medium text-indigo-600 hover:text-indigo-500 disabled:cursor-not-allowed disabled:text-slate-400"
      >
        {t('redeemUseAll')}
      </button>
    </div>
  );
}

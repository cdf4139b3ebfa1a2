import type { ExpiringCashback } from '@loyalty/contract';
import { Alert } from '@/components/ui/alert';
import { formatCents, formatDate } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/**
 * Cashback about to expire ('$x.xx expires on DATE' for lots expiring in the next
 * 30 days), one line per date (and card, when `showCard`), soonest first; nothing when none.
 * Shown on the customer's page and the public card page.
 */
export function ExpiringSoon({ items, showCard = false }: { items: readonly ExpiringCashback[]; showCard?: boolean }) {
  const t = useMessages(componentsMessages);
  if (items.length === 0) return null;
  return (
    <Alert tone="warning" title={t('expiringTitle')}>
      <ul className="space-y-0.5">
        {items.map((item) => (
          <li key={`${item.cardUid}-${item.expiresAt}`}>
            {t('expiresOn', { amount: formatCents(item.cents), date: formatDate(item.expiresAt) })}
            {showCard && <span className="font-mono text-xs">{t('onCard', { uid: item.cardUid })}</span>}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

import type { PaymentMethod } from '@loyalty/contract';
import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** Masked card line: brand in capitals, •••• last4, expiry MM/YYYY, 'Default' badge. */
export function PaymentMethodSummary({ method, children }: { method: PaymentMethod; children?: ReactNode }) {
  const t = useMessages(billingMessages);
  const { brand, last4, exp_month, exp_year } = method.card;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CreditCard className="h-6 w-6 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {brand.toUpperCase()} •••• {last4} {method.is_default && <Badge color="green">{t('defaultBadge')}</Badge>}
        </p>
        <p className="text-sm text-slate-600">{t('expires', { month: String(exp_month).padStart(2, '0'), year: exp_year })}</p>
      </div>
      {children}
    </div>
  );
}

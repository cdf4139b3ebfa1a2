import type { PaymentMethod } from '@loyalty/contract';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PaymentMethodSummary } from './payment-method-summary';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** Payment Methods tab: list with Set Default and delete, empty state with 'Add Your First Card'. */
export function PaymentMethodsTab({
  methods,
  isPending,
  isError,
  busy,
  onAdd,
  onSetDefault,
  onRemove,
}: {
  methods: PaymentMethod[] | undefined;
  isPending: boolean;
  isError: boolean;
  busy: boolean;
  onAdd: () => void;
  onSetDefault: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const t = useMessages(billingMessages);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{t('paymentMethodsTitle')}</CardTitle>
        <Button size="sm" onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden /> {t('addCard')}
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner />
        ) : isError || !methods ? (
          <Alert tone="error">{t('methodsLoadFailed')}</Alert>
        ) : methods.length === 0 ? (
          <div className="py-8 text-center">
            <CreditCard className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
            <p className="mt-2 font-medium text-slate-900">{t('noMethods')}</p>
            <Button className="mt-4" onClick={onAdd}>
              {t('addFirstCard')}
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200">
            {methods.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <PaymentMethodSummary method={m} />
                <div className="flex gap-2">
                  {!m.is_default && (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => onSetDefault(m.id)}>
                      {t('setDefault')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => onRemove(m.id)}
                    aria-label={t('removeLabel', { brand: m.card.brand.toUpperCase(), last4: m.card.last4 })}
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

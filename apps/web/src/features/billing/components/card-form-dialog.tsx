import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormFooter } from '@/components/ui/form-footer';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Alert } from '@/components/ui/alert';
import { errorMessage, isApiError } from '@/lib/api';
import { useAddPaymentMethod, useSetupIntent } from '../api/billing';
import { ADD_CARD_MESSAGES, addCardErrorMessage } from '../lib/add-card-errors';
import { CardFormLoading } from './card-form-loading';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** Stripe Elements, split into their own chunk: fetched only when the provider is Stripe. */
const StripeCardDialog = lazy(() => import('./stripe-card-dialog'));

const BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;

type Props = { slug: string; open: boolean; onClose: () => void; onAdded: (message: string) => void };

/**
 * 'Add New Card' dialog of Payment Methods and the subscribe modal. Opening it asks POST
 * /billing/setup-intent once:
 * - `{ demo: true }` (Demo provider, docs/product.md 'Payments'): the demo card form — brand, last
 *   4 digits, expiry month/year; no card number leaves the browser;
 * - `{ clientSecret, publishableKey }` (Stripe): Stripe Elements' card field, confirmed with
 *   stripe.confirmCardSetup (components/stripe-card-dialog.tsx, loaded lazily);
 * - a failure: the add-card message with 'Try again'.
 * Buttons Cancel and Add Card; `onAdded('Payment method added successfully!')` after success.
 */
export function CardFormDialog(props: Props) {
  // Mounted only while open: each opening asks for a fresh setup intent.
  return props.open ? <CardEntry {...props} /> : null;
}

function CardEntry({ slug, onClose, onAdded }: Props) {
  const t = useMessages(billingMessages);
  const intent = useSetupIntent(slug, true);
  const data = intent.data;
  if (data?.clientSecret && data.publishableKey && !data.demo) {
    return (
      <Suspense fallback={<PendingDialog onClose={onClose} />}>
        <StripeCardDialog slug={slug} clientSecret={data.clientSecret} publishableKey={data.publishableKey} onClose={onClose} onAdded={onAdded} />
      </Suspense>
    );
  }
  if (data?.demo) return <DemoCardDialog slug={slug} onClose={onClose} onAdded={onAdded} />;
  if (intent.isPending) return <PendingDialog onClose={onClose} />;
  // An error, or an answer with neither demo nor a usable client secret.
  const message = !intent.isError
    ? ADD_CARD_MESSAGES.configuration
    : isApiError(intent.error, 0)
      ? ADD_CARD_MESSAGES.connection
      : addCardErrorMessage({ message: errorMessage(intent.error, '') });
  return (
    <AddCardStatusDialog
      onClose={onClose}
      action={
        <Button onClick={() => void intent.refetch()} loading={intent.isFetching}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          {t('tryAgain')}
        </Button>
      }
    >
      <Alert tone="error">{message}</Alert>
    </AddCardStatusDialog>
  );
}

/** 'Add New Card' while there is no card form (being prepared, or failed): the state, Cancel and one `action`. */
function AddCardStatusDialog({ onClose, action, children }: { onClose: () => void; action: ReactNode; children: ReactNode }) {
  const t = useMessages(billingMessages);
  return (
    <Dialog open onClose={onClose} title={t('addNewCard')} footer={<DialogActions onCancel={onClose}>{action}</DialogActions>}>
      {children}
    </Dialog>
  );
}

function PendingDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(billingMessages);
  return (
    <AddCardStatusDialog onClose={onClose} action={<Button disabled>{t('addCard')}</Button>}>
      <CardFormLoading label={t('preparingLabel')}>{t('preparing')}</CardFormLoading>
    </AddCardStatusDialog>
  );
}

/** The Demo provider's card form (unchanged behaviour): POST /billing/payment-methods. */
function DemoCardDialog({ slug, onClose, onAdded }: Omit<Props, 'open'>) {
  const t = useMessages(billingMessages);
  const add = useAddPaymentMethod(slug);
  const now = new Date();
  const [brand, setBrand] = useState<string>('visa');
  const [last4, setLast4] = useState('4242');
  const [month, setMonth] = useState(String(now.getUTCMonth() + 1));
  const [year, setYear] = useState(String(now.getUTCFullYear() + 2));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!/^\d{4}$/.test(last4)) return setError(t('last4Invalid'));
    add.mutate(
      { brand, last4, exp_month: Number(month), exp_year: Number(year) },
      {
        onSuccess: () => {
          onAdded(t('methodAdded'));
          onClose();
        },
        onError: (e) => setError(errorMessage(e, t('addFailed'))),
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!add.isPending}
      title={t('addNewCard')}
      description={t('demoDescription')}
      footer={
        <FormFooter formId="demo-card-form" onCancel={onClose} pending={add.isPending}>
          {t('addCard')}
        </FormFooter>
      }
    >
      <form id="demo-card-form" onSubmit={submit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Select label={t('cardBrand')} value={brand} onChange={(e) => setBrand(e.target.value)}>
          {BRANDS.map((b) => (
            <option key={b} value={b}>
              {b.toUpperCase()}
            </option>
          ))}
        </Select>
        <Input label={t('last4')} inputMode="numeric" maxLength={4} value={last4} onChange={(e) => setLast4(e.target.value.replace(/\D/g, ''))} required />
        <div className="grid grid-cols-2 gap-3">
          <Input label={t('expiryMonth')} type="number" min={1} max={12} value={month} onChange={(e) => setMonth(e.target.value)} required />
          <Input label={t('expiryYear')} type="number" min={now.getUTCFullYear()} max={2100} value={year} onChange={(e) => setYear(e.target.value)} required />
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Stripe card entry. This module is loaded lazily (React.lazy) and only when the
 * setup intent answered `{ clientSecret, publishableKey }`, so the Demo path never downloads
 * react-stripe-js nor injects Stripe's script (`@stripe/stripe-js/pure` loads it on first call).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { Spinner } from '@/components/ui/spinner';
import { billingKeys } from '../api/billing';
import { ADD_CARD_MESSAGES, addCardErrorMessage } from '../lib/add-card-errors';
import { CardFormLoading } from './card-form-loading';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** One Stripe.js instance per publishable key (loadStripe must not run on every render). */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      stripes.delete(publishableKey);
      throw error;
    });
    stripes.set(publishableKey, promise);
  }
  return promise;
}

const FORM_ID = 'stripe-card-form';

function CardForm({ slug, clientSecret, onDone, onBusy }: { slug: string; clientSecret: string; onDone: () => void; onBusy: (busy: boolean) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const t = useMessages(billingMessages);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setError(null);
    const card = elements.getElement(CardElement);
    if (!card) return setError(ADD_CARD_MESSAGES.elementNotFound);
    onBusy(true);
    try {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) {
        setError(addCardErrorMessage(result.error));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(slug) });
      onDone();
    } catch (e) {
      setError(addCardErrorMessage(e instanceof Error ? { message: e.message } : e));
    } finally {
      onBusy(false);
    }
  }

  return (
    <form id={FORM_ID} onSubmit={submit} className="space-y-4" aria-busy={!ready || undefined}>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <span id="stripe-card-label" className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('cardDetails')}
        </span>
        <div
          role="group"
          aria-labelledby="stripe-card-label"
          className="relative min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2.5 shadow-sm focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/30"
        >
          {!ready && (
            <span className="absolute inset-0 flex items-center gap-2 px-3 text-sm text-slate-500">
              <Spinner label={t('loadingLabel')} className="h-4 w-4" /> {t('loading')}
            </span>
          )}
          <CardElement
            onReady={() => setReady(true)}
            options={{
              hidePostalCode: false,
              style: { base: { fontSize: '15px', color: '#0f172a', '::placeholder': { color: '#94a3b8' } }, invalid: { color: '#dc2626' } },
            }}
          />
        </div>
      </div>
      <p className="flex items-center gap-1.5 text-xs text-slate-500">
        <Lock aria-hidden="true" className="h-3.5 w-3.5" />
        {t('stripeNote')}
      </p>
    </form>
  );
}

/**
 * 'Add New Card' under Stripe: Stripe Elements' card field inside the app's dialog; Add Card
 * confirms the SetupIntent with `stripe.confirmCardSetup(clientSecret, { payment_method: { card } })`,
 * then refreshes the payment methods and calls `onAdded('Payment method added successfully!')`.
 * Errors use the add-card messages (addCardErrorMessage).
 */
export default function StripeCardDialog({
  slug,
  clientSecret,
  publishableKey,
  onClose,
  onAdded,
}: {
  slug: string;
  clientSecret: string;
  publishableKey: string;
  onClose: () => void;
  onAdded: (message: string) => void;
}) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useMessages(billingMessages);
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setLoadError(ADD_CARD_MESSAGES.configuration);
      },
      (e: unknown) => live && setLoadError(addCardErrorMessage({ type: 'api_connection_error', message: e instanceof Error ? e.message : '' })),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={t('addNewCard')}
      description={t('stripeDescription')}
      footer={
        <FormFooter formId={FORM_ID} onCancel={onClose} pending={busy} disabled={!stripe}>
          {t('addCard')}
        </FormFooter>
      }
    >
      {loadError ? (
        <Alert tone="error">{loadError}</Alert>
      ) : !stripe ? (
        <CardFormLoading label={t('loadingLabel')}>{t('loading')}</CardFormLoading>
      ) : (
        <Elements stripe={stripe}>
          <CardForm
            slug={slug}
            clientSecret={clientSecret}
            onBusy={setBusy}
            onDone={() => {
              onAdded(t('methodAdded'));
              onClose();
            }}
          />
        </Elements>
      )}
    </Dialog>
  );
}

import type { BillingPlan } from '@loyalty/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api';
import { useGoToUrl } from '@/hooks/use-go-to-url';
import { useBillingPortal, useRemovePaymentMethod, useSetDefaultPaymentMethod, useSubscribe } from '../api/billing';
import { translate } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** How long billing messages stay (5000 ms). */
const MESSAGE_MS = 5000;

/** A billing message: its tone and text. */
export type BillingFlash = { tone: 'success' | 'error'; text: string } | null;

/** The message of a failed subscribe: the server's details (when text) or error, else the fallback. */
function subscribeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof error.details === 'string' && error.details) return error.details;
    if (error.message && error.status !== 0) return error.message;
  }
  return translate(billingMessages, 'paymentFailed');
}

/** The message shown for `MESSAGE_MS` after a billing action: `[flash, setFlash]`. */
function useFlash(): [BillingFlash, (flash: BillingFlash) => void] {
  const [flash, setFlash] = useState<BillingFlash>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);
  return [flash, setFlash];
}

/**
 * The actions of the billing page and their messages (`flash`, 5000 ms):
 * - `confirmSubscribe(plan, paymentMethodId)`: POST subscribe; closes the modal (`planToBuy`
 *   null), then follows a checkout url or redirect (in-app paths by the router) or says
 *   'Subscription activated successfully! Payment processed.'; failures via `subscribeError`;
 * - `onManage`: GET /billing/portal and go to its url;
 * - `onRemove(id)` after a window.confirm, `onSetDefault(id)`, each with its success/failure text.
 */
export function useBillingActions(slug: string) {
  const navigate = useNavigate();
  const goTo = useGoToUrl();
  const portal = useBillingPortal(slug);
  const subscribe = useSubscribe(slug);
  const setDefault = useSetDefaultPaymentMethod(slug);
  const remove = useRemovePaymentMethod(slug);
  const [planToBuy, setPlanToBuy] = useState<BillingPlan | null>(null);
  const [flash, setFlash] = useFlash();

  function confirmSubscribe(plan: BillingPlan, paymentMethodId: string) {
    subscribe.mutate(
      { planId: plan.id, paymentMethodId },
      {
        onSuccess: (res) => {
          setPlanToBuy(null);
          if (res.checkoutUrl && !res.redirectUrl && !res.subscriptionId) {
            window.location.assign(res.checkoutUrl);
            return;
          }
          if (res.redirectUrl) {
            if (res.redirectUrl.startsWith('/')) navigate(res.redirectUrl);
            else window.location.assign(res.redirectUrl);
            return;
          }
          setFlash({ tone: 'success', text: translate(billingMessages, 'subscriptionActivated') });
        },
        onError: (error) => {
          setPlanToBuy(null);
          setFlash({ tone: 'error', text: subscribeError(error) });
        },
      },
    );
  }

  function onManage() {
    portal.mutate(undefined, {
      onSuccess: (res) => goTo(res.url),
      onError: (error) => setFlash({ tone: 'error', text: errorMessage(error, translate(billingMessages, 'portalFailed')) }),
    });
  }

  function onRemove(id: string) {
    if (!window.confirm(translate(billingMessages, 'confirmRemove'))) return;
    remove.mutate(id, {
      onSuccess: () => setFlash({ tone: 'success', text: translate(billingMessages, 'methodRemoved') }),
      onError: () => setFlash({ tone: 'error', text: translate(billingMessages, 'removeFailed') }),
    });
  }

  function onSetDefault(id: string) {
    setDefault.mutate(id, {
      onSuccess: () => setFlash({ tone: 'success', text: translate(billingMessages, 'defaultUpdated') }),
      onError: () => setFlash({ tone: 'error', text: translate(billingMessages, 'defaultFailed') }),
    });
  }

  return {
    flash,
    /** Shows a success message (e.g. after a card was added). */
    notify: (text: string) => setFlash({ tone: 'success', text }),
    planToBuy,
    setPlanToBuy,
    confirmSubscribe,
    subscribing: subscribe.isPending,
    /** The plan whose subscribe is in flight, else null. */
    processingPlanId: subscribe.isPending ? (subscribe.variables?.planId ?? null) : null,
    onManage,
    managing: portal.isPending,
    onRemove,
    onSetDefault,
    methodBusy: setDefault.isPending || remove.isPending,
  };
}

import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Whether a URL leaves the app (an absolute http(s) address: Stripe Checkout, Stripe's portal). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * Returns `goTo(url)`: sends the browser to a checkout or portal address the server answered
 * (`checkoutUrl`, `returnUrl`, the portal `url`). An absolute http(s) address is external and
 * loads with `window.location.assign`; a path (`/t/{slug}/checkout/{id}` under the Demo
 * provider) stays in the single-page app and goes through the router.
 */
export function useGoToUrl(): (url: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      if (isExternalUrl(url)) window.location.assign(url);
      else navigate(url);
    },
    [navigate],
  );
}

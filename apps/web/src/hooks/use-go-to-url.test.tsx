import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { isExternalUrl, useGoToUrl } from './use-go-to-url';

/** A billing page whose button goes where the server's answer says. */
function Billing({ url }: { url: string }) {
  const goTo = useGoToUrl();
  return (
    <button type="button" onClick={() => goTo(url)}>
      Subscribe
    </button>
  );
}

function renderBilling(url: string) {
  return renderRoutes(
    [
      { path: '/t/:slug/billing', element: <Billing url={url} /> },
      { path: '/t/:slug/checkout/:id', element: <h1>Demo checkout</h1> },
    ],
    '/t/acme/billing',
  );
}

describe('useGoToUrl', () => {
  it('opens the Demo checkout inside the app', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, router } = renderBilling('/t/acme/checkout/cs_demo_1');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'Demo checkout' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/checkout/cs_demo_1');
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves the app for an absolute address (Stripe Checkout)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, router } = renderBilling('https://checkout.stripe.com/c/pay/cs_live_1');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_live_1');
    expect(router.state.location.pathname).toBe('/t/acme/billing');
  });
});

describe('isExternalUrl', () => {
  it('is true for http(s) addresses only', () => {
    expect(isExternalUrl('https://billing.stripe.com/p/session/x')).toBe(true);
    expect(isExternalUrl('HTTP://example.com')).toBe(true);
    expect(isExternalUrl('/t/acme/checkout/1')).toBe(false);
    expect(isExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalUrl('//evil.example.com')).toBe(false);
  });
});

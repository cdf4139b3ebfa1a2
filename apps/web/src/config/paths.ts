import type { Role, SessionTenant, SessionUser } from '@loyalty/contract';

/** The single table of route paths (bulletproof-react `config/paths.ts`). */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** The one-time first-admin set-up page. */
  setup: '/setup',
  /** Asks for a password-reset link by e-mail. */
  forgotPassword: '/forgot-password',
  /** Where the e-mailed link lands: `/reset-password?token=…`. */
  resetPassword: '/reset-password',
  /** Where a staff invitation's e-mailed link lands: `/accept-invitation?token=…`. */
  acceptInvitation: '/accept-invitation',
  /** Where a customer message's unsubscribe link lands: `/unsubscribe?token=…`. */
  unsubscribe: '/unsubscribe',
  unauthorized: '/unauthorized',
  /** The two-factor set-up the operator requires before anything else (docs/security.md). */
  twoFactorSetup: '/two-factor-setup',
  platform: {
    dashboard: '/platform/dashboard',
    tenants: '/platform/tenants',
    plans: '/platform/plans',
    analytics: '/platform/analytics',
    subscriptions: '/platform/subscriptions',
    settings: '/platform/settings',
    cardOrders: '/platform/card-orders',
    /** Every e-mail the product wrote, sent or not. */
    outbox: '/platform/outbox',
    activity: '/platform/activity',
    /** The operator's own profile and password change. */
    profile: '/platform/profile',
  },
  tenant: {
    root: (slug: string) => `/t/${encodeURIComponent(slug)}`,
    dashboard: (slug: string) => `/t/${encodeURIComponent(slug)}/dashboard`,
    pos: (slug: string) => `/t/${encodeURIComponent(slug)}/pos`,
    cards: (slug: string) => `/t/${encodeURIComponent(slug)}/cards`,
    customers: (slug: string) => `/t/${encodeURIComponent(slug)}/customers`,
    transactions: (slug: string) => `/t/${encodeURIComponent(slug)}/transactions`,
    stores: (slug: string) => `/t/${encodeURIComponent(slug)}/stores`,
    staff: (slug: string) => `/t/${encodeURIComponent(slug)}/staff`,
    rules: (slug: string) => `/t/${encodeURIComponent(slug)}/rules`,
    /** API keys and webhooks of the tenant. */
    integrations: (slug: string) => `/t/${encodeURIComponent(slug)}/integrations`,
    activity: (slug: string) => `/t/${encodeURIComponent(slug)}/activity`,
    billing: (slug: string) => `/t/${encodeURIComponent(slug)}/billing`,
    customer: (slug: string) => `/t/${encodeURIComponent(slug)}/customer`,
    cardOrders: (slug: string) => `/t/${encodeURIComponent(slug)}/card-orders`,
    /** Every tenant role's own profile and password change. */
    profile: (slug: string) => `/t/${encodeURIComponent(slug)}/profile`,
    /** The Demo provider's hosted-checkout page (docs/product.md 'Payments'). */
    checkout: (slug: string, id: string) => `/t/${encodeURIComponent(slug)}/checkout/${encodeURIComponent(id)}`,
  },
} as const;

/** Roles allowed on each tenant screen. */
export const TENANT_ROUTE_ROLES = {
  /**
   * Staff screens: tenant_admin and cashier (docs/product.md 'Roles'). platform_admin is added
   * because the server lets it in wherever tenant_admin may go (apps/server http/tenant-context.ts)
   * and the tenant guard lets it enter any tenant: without it that entry would lead nowhere.
   */
  staff: ['tenant_admin', 'cashier', 'platform_admin'] as readonly Role[],
  /** billing, customers, stores, staff, rules, integrations (and card-orders): tenant_admin only (+ platform_admin, as above). */
  admin: ['tenant_admin', 'platform_admin'] as readonly Role[],
  customer: ['customer'] as readonly Role[],
};

/**
 * Where a user lands after login or on '/': platform_admin → /platform/dashboard; tenant_admin →
 * /t/{slug}/dashboard; cashier → /t/{slug}/pos; customer → /t/{slug}/customer; otherwise (signed
 * out, or a tenant role without a tenant) → /login.
 */
export function homePathFor(user: SessionUser | null, tenant: SessionTenant | null): string {
  if (!user) return paths.login;
  if (user.role === 'platform_admin') return paths.platform.dashboard;
  if (!tenant) return paths.login;
  switch (user.role) {
    case 'tenant_admin':
      return paths.tenant.dashboard(tenant.slug);
    case 'cashier':
      return paths.tenant.pos(tenant.slug);
    case 'customer':
      return paths.tenant.customer(tenant.slug);
    default:
      return paths.login;
  }
}

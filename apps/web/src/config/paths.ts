import type { Role, SessionTenant, SessionUser } from '@loyalty/contract';

/** The single table of route paths (bulletproof-react `config/paths.ts`). */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** The one-time first-admin set-up page (issue 12 item 1). */
  setup: '/setup',
  /** Asks for a password-reset link by e-mail (issue 16). */
  forgotPassword: '/forgot-password',
  /** Where the e-mailed link lands: `/reset-password?token=…` (issue 16). */
  resetPassword: '/reset-password',
  /** Where a staff invitation's e-mailed link lands: `/accept-invitation?token=…` (issue 16). */
  acceptInvitation: '/accept-invitation',
  /** Where a customer message's unsubscribe link lands: `/unsubscribe?token=…` (issue 16). */
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
    /** Every e-mail the product wrote, sent or not (issue 16). */
    outbox: '/platform/outbox',
    activity: '/platform/activity',
    /** The operator's own profile and password change (issue 12 item 8). */
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
    /** API keys and webhooks of the tenant (issue 17). */
    integrations: (slug: string) => `/t/${encodeURIComponent(slug)}/integrations`,
    activity: (slug: string) => `/t/${encodeURIComponent(slug)}/activity`,
    billing: (slug: string) => `/t/${encodeURIComponent(slug)}/billing`,
    customer: (slug: string) => `/t/${encodeURIComponent(slug)}/customer`,
    cardOrders: (slug: string) => `/t/${encodeURIComponent(slug)}/card-orders`,
    /** Every tenant role's own profile and password change (issue 12 item 8). */
    profile: (slug: string) => `/t/${encodeURIComponent(slug)}/profile`,
    /** The Demo provider's hosted-checkout page (decisions.md 'Payments'). */
    checkout: (slug: string, id: string) => `/t/${encodeURIComponent(slug)}/checkout/${encodeURIComponent(id)}`,
  },
} as const;

/** Roles allowed on each tenant screen (spec §6). */
export const TENANT_ROUTE_ROLES = {
  /**
   * Spec §6 lists tenant_admin and cashier. platform_admin is added because the server lets it
   * in wherever tenant_admin may go (apps/server http/tenant-context.ts) and the tenant guard
   * lets it enter any tenant: without it that entry would lead nowhere.
   */
  staff: ['tenant_admin', 'cashier', 'platform_admin'] as readonly Role[],
  /** billing, customers, stores, staff, rules, integrations (and card-orders): tenant_admin only (+ platform_admin, as above). */
  admin: ['tenant_admin', 'platform_admin'] as readonly Role[],
  customer: ['customer'] as readonly Role[],
};

/**
 * Where a user lands after login or on '/' (spec §2 'Redirect after login'):
 * platform_admin → /platform/dashboard; tenant_admin → /t/{slug}/dashboard;
 * cashier → /t/{slug}/pos; customer → /t/{slug}/customer; otherwise (signed out, or a tenant
 * role without a tenant) → /login.
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

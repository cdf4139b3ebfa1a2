import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route's component loaded on its first visit, in a chunk of its own, so that a page's first
 * load (the sign-in, a public card) downloads only that page's code and the libraries it uses.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

/** Every page and layout of the route table (router.tsx), each a `lazy` loader. */
export const pages = {
  acceptInvitationPage: page(
    () => import('@/features/auth/pages/accept-invitation-page'),
    (m) => m.AcceptInvitationPage,
  ),
  forgotPasswordPage: page(
    () => import('@/features/auth/pages/forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ),
  unsubscribePage: page(
    () => import('@/features/auth/pages/unsubscribe-page'),
    (m) => m.UnsubscribePage,
  ),
  loginPage: page(
    () => import('@/features/auth/pages/login-page'),
    (m) => m.LoginPage,
  ),
  resetPasswordPage: page(
    () => import('@/features/auth/pages/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  setupPage: page(
    () => import('@/features/auth/pages/setup-page'),
    (m) => m.SetupPage,
  ),
  signupPage: page(
    () => import('@/features/auth/pages/signup-page'),
    (m) => m.SignupPage,
  ),
  billingPage: page(
    () => import('@/features/billing/pages/billing-page'),
    (m) => m.BillingPage,
  ),
  cardOrdersPage: page(
    () => import('@/features/card-orders/pages/card-orders-page'),
    (m) => m.CardOrdersPage,
  ),
  cardsPage: page(
    () => import('@/features/cards/pages/cards-page'),
    (m) => m.CardsPage,
  ),
  checkoutPage: page(
    () => import('@/features/checkout/pages/checkout-page'),
    (m) => m.CheckoutPage,
  ),
  customerPage: page(
    () => import('@/features/customer/pages/customer-page'),
    (m) => m.CustomerPage,
  ),
  customersPage: page(
    () => import('@/features/customers/pages/customers-page'),
    (m) => m.CustomersPage,
  ),
  erasureRequestsPage: page(
    () => import('@/features/customers/pages/erasure-requests-page'),
    (m) => m.ErasureRequestsPage,
  ),
  dashboardPage: page(
    () => import('@/features/dashboard/pages/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  integrationsPage: page(
    () => import('@/features/integrations/pages/integrations-page'),
    (m) => m.IntegrationsPage,
  ),
  activityPage: page(
    () => import('@/features/activity/pages/activity-page'),
    (m) => m.ActivityPage,
  ),
  platformActivityPage: page(
    () => import('@/features/activity/pages/platform-activity-page'),
    (m) => m.PlatformActivityPage,
  ),
  plansPage: page(
    () => import('@/features/platform/pages/plans-page'),
    (m) => m.PlansPage,
  ),
  platformCardOrdersPage: page(
    () => import('@/features/platform/pages/card-orders-page'),
    (m) => m.PlatformCardOrdersPage,
  ),
  platformLiabilityPage: page(
    () => import('@/features/platform/pages/liability-page'),
    (m) => m.PlatformLiabilityPage,
  ),
  outboxPage: page(
    () => import('@/features/platform/pages/outbox-page'),
    (m) => m.OutboxPage,
  ),
  platformDashboardPage: page(
    () => import('@/features/platform/pages/platform-dashboard-page'),
    (m) => m.PlatformDashboardPage,
  ),
  platformSettingsPage: page(
    () => import('@/features/platform/pages/settings-page'),
    (m) => m.PlatformSettingsPage,
  ),
  tenantsPage: page(
    () => import('@/features/platform/pages/tenants-page'),
    (m) => m.TenantsPage,
  ),
  posPage: page(
    () => import('@/features/pos/pages/pos-page'),
    (m) => m.PosPage,
  ),
  profilePage: page(
    () => import('@/features/profile/pages/profile-page'),
    (m) => m.ProfilePage,
  ),
  twoFactorSetupPage: page(
    () => import('@/features/profile/pages/two-factor-setup-page'),
    (m) => m.TwoFactorSetupPage,
  ),
  joinConfirmPage: page(
    () => import('@/features/join/pages/join-confirm-page'),
    (m) => m.JoinConfirmPage,
  ),
  joinPage: page(
    () => import('@/features/join/pages/join-page'),
    (m) => m.JoinPage,
  ),
  publicCardPage: page(
    () => import('@/features/public-card/pages/public-card-page'),
    (m) => m.PublicCardPage,
  ),
  rulesPage: page(
    () => import('@/features/rules/pages/rules-page'),
    (m) => m.RulesPage,
  ),
  staffPage: page(
    () => import('@/features/staff/pages/staff-page'),
    (m) => m.StaffPage,
  ),
  storesPage: page(
    () => import('@/features/stores/pages/stores-page'),
    (m) => m.StoresPage,
  ),
  transactionsPage: page(
    () => import('@/features/transactions/pages/transactions-page'),
    (m) => m.TransactionsPage,
  ),
  endOfDayPage: page(
    () => import('@/features/end-of-day/pages/end-of-day-page'),
    (m) => m.EndOfDayPage,
  ),
  platformLayout: page(
    () => import('./layouts/platform-layout'),
    (m) => m.PlatformLayout,
  ),
  tenantLayout: page(
    () => import('./layouts/tenant-layout'),
    (m) => m.TenantLayout,
  ),
  analyticsPage: page(
    () => import('@/features/platform/pages/analytics-page'),
    (m) => m.AnalyticsPage,
  ),
  subscriptionsPage: page(
    () => import('@/features/platform/pages/subscriptions-page'),
    (m) => m.SubscriptionsPage,
  ),
  liabilityPage: page(
    () => import('@/features/liability/pages/liability-page'),
    (m) => m.LiabilityPage,
  ),
  rewardsReportPage: page(
    () => import('@/features/rewards-report/pages/rewards-page'),
    (m) => m.RewardsPage,
  ),
  reviewPage: page(
    () => import('@/features/review/pages/review-page'),
    (m) => m.ReviewPage,
  ),
};

import { useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { paths, TENANT_ROUTE_ROLES } from '@/config/paths';
import { AcceptInvitationPage } from '@/features/auth/pages/accept-invitation-page';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { UnsubscribePage } from '@/features/auth/pages/unsubscribe-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';
import { SetupPage } from '@/features/auth/pages/setup-page';
import { SignupPage } from '@/features/auth/pages/signup-page';
import { BillingPage } from '@/features/billing/pages/billing-page';
import { CardOrdersPage } from '@/features/card-orders/pages/card-orders-page';
import { CardsPage } from '@/features/cards/pages/cards-page';
import { CheckoutPage } from '@/features/checkout/pages/checkout-page';
import { CustomerPage } from '@/features/customer/pages/customer-page';
import { CustomersPage } from '@/features/customers/pages/customers-page';
import { ErasureRequestsPage } from '@/features/customers/pages/erasure-requests-page';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { IntegrationsPage } from '@/features/integrations/pages/integrations-page';
import { ActivityPage } from '@/features/activity/pages/activity-page';
import { PlatformActivityPage } from '@/features/activity/pages/platform-activity-page';
import { PlansPage } from '@/features/platform/pages/plans-page';
import { PlatformCardOrdersPage } from '@/features/platform/pages/card-orders-page';
import { PlatformLiabilityPage } from '@/features/platform/pages/liability-page';
import { OutboxPage } from '@/features/platform/pages/outbox-page';
import { PlatformDashboardPage } from '@/features/platform/pages/platform-dashboard-page';
import { PlatformSettingsPage } from '@/features/platform/pages/settings-page';
import { TenantsPage } from '@/features/platform/pages/tenants-page';
import { PosPage } from '@/features/pos/pages/pos-page';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { TwoFactorSetupPage } from '@/features/profile/pages/two-factor-setup-page';
import { JoinConfirmPage } from '@/features/join/pages/join-confirm-page';
import { JoinPage } from '@/features/join/pages/join-page';
import { PublicCardPage } from '@/features/public-card/pages/public-card-page';
import { RulesPage } from '@/features/rules/pages/rules-page';
import { StaffPage } from '@/features/staff/pages/staff-page';
import { StoresPage } from '@/features/stores/pages/stores-page';
import { TransactionsPage } from '@/features/transactions/pages/transactions-page';
import { RouteErrorFallback } from './error-fallback';
import { RequireAuth, RequireRole, RequireTenant } from './guards';
import { PlatformLayout } from './layouts/platform-layout';
import { TenantLayout } from './layouts/tenant-layout';
import type { RouteHandle } from './layouts/page-title';
import { RootRedirect } from './routes/root-redirect';
import { UnauthorizedPage } from './routes/unauthorized';

const title = (t: string): RouteHandle => ({ title: t });

/**
 * The route table:
 * - public: /login, /signup, /forgot-password, /reset-password?token= and
 *   /accept-invitation?token=,
 *   /unauthorized, /:slug/c/:cardUid (public card page), /:slug/join?store= and
 *   /:slug/join/confirm?token= (self-enrolment); '/' redirects by role; unknown paths
 *   go to '/'.
 * - /platform/* : signed in; the layout shows Access Denied to anyone but platform_admin.
 * - /t/:slug/* : signed in + tenant in session (platform_admin may enter any tenant);
 *   dashboard, pos and cards for staff, customer for customers; other roles → /unauthorized.
 *   /t/:slug/profile and /platform/profile: the signed-in user's own profile.
 *   /t/:slug/checkout/:id (the Demo checkout page) stands outside the tenant layout.
 */
function createRouter() {
  return createBrowserRouter([
    {
      element: <Outlet />,
      errorElement: <RouteErrorFallback />,
      children: [
        { path: paths.home, element: <RootRedirect /> },
        { path: paths.login, element: <LoginPage /> },
        { path: paths.signup, element: <SignupPage /> },
        // Password recovery: ask for a link by e-mail, then choose a new password with it.
        { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
        { path: paths.unsubscribe, element: <UnsubscribePage /> },
        { path: paths.resetPassword, element: <ResetPasswordPage /> },
        // A staff invitation: the invited member chooses a password and is signed in.
        { path: paths.acceptInvitation, element: <AcceptInvitationPage /> },
        // The first platform admin of a production install: the one-time link printed at start-up.
        { path: paths.setup, element: <SetupPage /> },
        { path: paths.unauthorized, element: <UnauthorizedPage /> },
        // The set-up the operator's 'Require two-factor authentication' sends admins to (outside RequireAuth, which sends them here).
        { path: paths.twoFactorSetup, element: <TwoFactorSetupPage /> },
        // Public card page: no guard, signed-in visitors stay; reserved slugs keep /t, /platform… apart.
        { path: '/:slug/c/:cardUid', element: <PublicCardPage /> },
        // Customer self-enrolment: a store's poster QR leads here; the e-mailed link confirms and shows the card.
        { path: '/:slug/join', element: <JoinPage /> },
        { path: '/:slug/join/confirm', element: <JoinConfirmPage /> },
        {
          element: <RequireAuth />,
          children: [
            {
              path: '/platform',
              element: <PlatformLayout />,
              children: [
                { index: true, element: <Navigate to={paths.platform.dashboard} replace /> },
                { path: 'dashboard', element: <PlatformDashboardPage />, handle: title('Platform Dashboard') },
                { path: 'tenants', element: <TenantsPage />, handle: title('Tenants') },
                { path: 'plans', element: <PlansPage />, handle: title('Plans') },
                // The chart screens load recharts on first visit, in chunks of their own.
                {
                  path: 'analytics',
                  lazy: async () => ({ Component: (await import('@/features/platform/pages/analytics-page')).AnalyticsPage }),
                  handle: title('Analytics'),
                },
                {
                  path: 'subscriptions',
                  lazy: async () => ({ Component: (await import('@/features/platform/pages/subscriptions-page')).SubscriptionsPage }),
                  handle: title('Subscription Analytics'),
                },
                { path: 'settings', element: <PlatformSettingsPage />, handle: title('Platform Settings') },
                { path: 'card-orders', element: <PlatformCardOrdersPage />, handle: title('Card Orders') },
                { path: 'liability', element: <PlatformLiabilityPage />, handle: title('Liability') },
                // Every e-mail the product wrote, with its bodies, attempts and Resend.
                { path: 'outbox', element: <OutboxPage />, handle: title('Outbox') },
                { path: 'activity', element: <PlatformActivityPage />, handle: title('Activity') },
                { path: 'profile', element: <ProfilePage />, handle: title('Profile') },
              ],
            },
            {
              path: '/t/:slug',
              element: <RequireTenant />,
              children: [
                // The Demo provider's hosted checkout (docs/product.md 'Payments'): a payment page of
                // its own, outside the tenant layout; tenant_admin like the screens that start it.
                {
                  element: <RequireRole roles={TENANT_ROUTE_ROLES.admin} />,
                  children: [{ path: 'checkout/:id', element: <CheckoutPage /> }],
                },
                {
                  element: <TenantLayout />,
                  children: [
                    { index: true, element: <RootRedirect /> },
                    // Every signed-in role of the tenant (staff and customers): own account and password.
                    { path: 'profile', element: <ProfilePage />, handle: title('Profile') },
                    {
                      element: <RequireRole roles={TENANT_ROUTE_ROLES.staff} />,
                      children: [
                        { path: 'dashboard', element: <DashboardPage />, handle: title('Dashboard') },
                        { path: 'pos', element: <PosPage />, handle: title('POS Terminal') },
                        { path: 'cards', element: <CardsPage />, handle: title('Cards Management') },
                        { path: 'transactions', element: <TransactionsPage />, handle: title('Transactions') },
                      ],
                    },
                    {
                      element: <RequireRole roles={TENANT_ROUTE_ROLES.admin} />,
                      children: [
                        { path: 'customers', element: <CustomersPage />, handle: title('Customers') },
                        { path: 'customers/erasure-requests', element: <ErasureRequestsPage />, handle: title('Erasure requests') },
                        { path: 'stores', element: <StoresPage />, handle: title('Stores') },
                        { path: 'staff', element: <StaffPage />, handle: title('Staff Management') },
                        { path: 'rules', element: <RulesPage />, handle: title('Rules & Settings') },
                        // API keys for the /api/v1 REST API and outgoing webhooks.
                        { path: 'integrations', element: <IntegrationsPage />, handle: title('Integrations') },
                        { path: 'activity', element: <ActivityPage />, handle: title('Activity') },
                        { path: 'billing', element: <BillingPage />, handle: title('Billing & Subscription') },
                        { path: 'card-orders', element: <CardOrdersPage />, handle: title('Card Orders') },
                        // Loads recharts on first visit, in a chunk of its own (like the operator's chart screens).
                        {
                          path: 'liability',
                          lazy: async () => ({ Component: (await import('@/features/liability/pages/liability-page')).LiabilityPage }),
                          handle: title('Liability'),
                        },
                      ],
                    },
                    {
                      element: <RequireRole roles={TENANT_ROUTE_ROLES.customer} />,
                      children: [{ path: 'customer', element: <CustomerPage />, handle: title('My Account') }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ]);
}

/** Renders the router. Created once per app mount (after the session check). */
export function AppRouter() {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}

import { useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths, TENANT_ROUTE_ROLES } from '@/config/paths';
import { RouteErrorFallback } from './error-fallback';
import { RequireAuth, RequireRole, RequireTenant } from './guards';
import { pages } from './pages';
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
 * Every page and layout loads on its first visit (pages.ts); the guards are in the first chunk.
 */
function createRouter() {
  return createBrowserRouter([
    {
      element: <Outlet />,
      errorElement: <RouteErrorFallback />,
      // Shown while the first page's chunk loads.
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { path: paths.home, element: <RootRedirect /> },
        { path: paths.login, lazy: pages.loginPage },
        { path: paths.signup, lazy: pages.signupPage },
        // Password recovery: ask for a link by e-mail, then choose a new password with it.
        { path: paths.forgotPassword, lazy: pages.forgotPasswordPage },
        { path: paths.unsubscribe, lazy: pages.unsubscribePage },
        { path: paths.resetPassword, lazy: pages.resetPasswordPage },
        // A staff invitation: the invited member chooses a password and is signed in.
        { path: paths.acceptInvitation, lazy: pages.acceptInvitationPage },
        // The first platform admin of a production install: the one-time link printed at start-up.
        { path: paths.setup, lazy: pages.setupPage },
        { path: paths.unauthorized, element: <UnauthorizedPage /> },
        // The set-up the operator's 'Require two-factor authentication' sends admins to (outside RequireAuth, which sends them here).
        { path: paths.twoFactorSetup, lazy: pages.twoFactorSetupPage },
        // Public card page: no guard, signed-in visitors stay; reserved slugs keep /t, /platform… apart.
        { path: '/:slug/c/:cardUid', lazy: pages.publicCardPage },
        // Customer self-enrolment: a store's poster QR leads here; the e-mailed link confirms and shows the card.
        { path: '/:slug/join', lazy: pages.joinPage },
        { path: '/:slug/join/confirm', lazy: pages.joinConfirmPage },
        {
          element: <RequireAuth />,
          children: [
            {
              path: '/platform',
              lazy: pages.platformLayout,
              children: [
                { index: true, element: <Navigate to={paths.platform.dashboard} replace /> },
                { path: 'dashboard', lazy: pages.platformDashboardPage, handle: title('Platform Dashboard') },
                { path: 'tenants', lazy: pages.tenantsPage, handle: title('Tenants') },
                { path: 'plans', lazy: pages.plansPage, handle: title('Plans') },
                {
                  path: 'analytics',
                  lazy: pages.analyticsPage,
                  handle: title('Analytics'),
                },
                {
                  path: 'subscriptions',
                  lazy: pages.subscriptionsPage,
                  handle: title('Subscription Analytics'),
                },
                { path: 'settings', lazy: pages.platformSettingsPage, handle: title('Platform Settings') },
                { path: 'card-orders', lazy: pages.platformCardOrdersPage, handle: title('Card Orders') },
                { path: 'liability', lazy: pages.platformLiabilityPage, handle: title('Liability') },
                // Every e-mail the product wrote, with its bodies, attempts and Resend.
                { path: 'outbox', lazy: pages.outboxPage, handle: title('Outbox') },
                { path: 'activity', lazy: pages.platformActivityPage, handle: title('Activity') },
                { path: 'profile', lazy: pages.profilePage, handle: title('Profile') },
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
                  children: [{ path: 'checkout/:id', lazy: pages.checkoutPage }],
                },
                {
                  lazy: pages.tenantLayout,
                  children: [
                    { index: true, element: <RootRedirect /> },
                    // Every signed-in role of the tenant (staff and customers): own account and password.
                    { path: 'profile', lazy: pages.profilePage, handle: title('Profile') },
                    {
                      element: <RequireRole roles={TENANT_ROUTE_ROLES.staff} />,
                      children: [
                        { path: 'dashboard', lazy: pages.dashboardPage, handle: title('Dashboard') },
                        { path: 'pos', lazy: pages.posPage, handle: title('POS Terminal') },
                        { path: 'cards', lazy: pages.cardsPage, handle: title('Cards Management') },
                        { path: 'transactions', lazy: pages.transactionsPage, handle: title('Transactions') },
                        // The day's movements per store and staff member for the cash-up (a cashier sees their own store only).
                        { path: 'transactions/end-of-day', lazy: pages.endOfDayPage, handle: title('End of day') },
                      ],
                    },
                    {
                      element: <RequireRole roles={TENANT_ROUTE_ROLES.admin} />,
                      children: [
                        { path: 'customers', lazy: pages.customersPage, handle: title('Customers') },
                        { path: 'customers/erasure-requests', lazy: pages.erasureRequestsPage, handle: title('Erasure requests') },
                        { path: 'stores', lazy: pages.storesPage, handle: title('Stores') },
                        { path: 'staff', lazy: pages.staffPage, handle: title('Staff Management') },
                        { path: 'rules', lazy: pages.rulesPage, handle: title('Rules & Settings') },
                        // API keys for the /api/v1 REST API and outgoing webhooks.
                        { path: 'integrations', lazy: pages.integrationsPage, handle: title('Integrations') },
                        { path: 'activity', lazy: pages.activityPage, handle: title('Activity') },
                        // Movements accepted although they crossed a velocity limit set to flag (docs/product.md 'Velocity limits').
                        { path: 'review', lazy: pages.reviewPage, handle: title('Review') },
                        { path: 'billing', lazy: pages.billingPage, handle: title('Billing & Subscription') },
                        { path: 'card-orders', lazy: pages.cardOrdersPage, handle: title('Card Orders') },
                        {
                          path: 'liability',
                          lazy: pages.liabilityPage,
                          handle: title('Liability'),
                        },
                        // What the welcome bonus, birthday rewards, referrals and win-back offers achieved, month by month.
                        { path: 'rewards', lazy: pages.rewardsReportPage, handle: title('Rewards') },
                      ],
                    },
                    {
                      element: <RequireRole roles={TENANT_ROUTE_ROLES.customer} />,
                      children: [{ path: 'customer', lazy: pages.customerPage, handle: title('My Account') }],
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

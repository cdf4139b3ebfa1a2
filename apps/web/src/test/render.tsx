/**
 * Rendering helpers of the web tests: the providers the app's screens need (TanStack Query, a
 * router when the screen reads the address, the toasts) and the auth store's session, so a
 * component test sees what the user would see, toasts included.
 */
import type { ReactElement, ReactNode } from 'react';
import type { SessionTenant, SessionUser } from '@loyalty/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { useAuthStore } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/query-client';

/**
 * The app's QueryClient (lib/query-client.ts: a 401 signs out, 4xx not retried) with query
 * retries off, so a failing query shows its error at once instead of after the back-off.
 */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

/** Puts a session in the auth store, as login would (`tenant` null for platform_admin). */
export function signIn(user: SessionUser, tenant: SessionTenant | null): void {
  useAuthStore.getState().setSession({ user, tenant });
}

/** Empties the auth store (signed out). setup.ts calls it after every test. */
export function signOut(): void {
  useAuthStore.getState().clear();
}

/** Options of {@link renderWithProviders}. */
export interface ProviderOptions {
  /** Address of the MemoryRouter, e.g. '/t/acme/rules'. Without it no router is rendered. */
  route?: string;
  /** Route pattern the element is mounted at (its params feed `useParams`), e.g. '/t/:slug/rules'. Default: any. */
  path?: string;
  /** Session to put in the auth store before rendering. */
  session?: { user: SessionUser; tenant: SessionTenant | null };
  /** A QueryClient to share; a fresh {@link createTestQueryClient} by default. */
  queryClient?: QueryClient;
}

/** What the render helpers return: Testing Library's result plus a user-event instance and the QueryClient. */
export type ProvidersResult = RenderResult & { user: UserEvent; queryClient: QueryClient };

function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={false} />
    </QueryClientProvider>
  );
}

/**
 * Renders `ui` inside the app's providers: QueryClientProvider, the toast container, and a
 * MemoryRouter at `route` when given. Interact through the returned `user` (user-event).
 */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}): ProvidersResult {
  const queryClient = options.queryClient ?? createTestQueryClient();
  if (options.session) signIn(options.session.user, options.session.tenant);
  const user = userEvent.setup();
  const content = options.route ? (
    <MemoryRouter initialEntries={[options.route]}>
      <Routes>
        <Route path={options.path ?? '*'} element={ui} />
      </Routes>
    </MemoryRouter>
  ) : (
    ui
  );
  const result = render(<Providers queryClient={queryClient}>{content}</Providers>);
  return { ...result, user, queryClient };
}

/**
 * Renders a route table in a memory router (the data router the app uses) at `initialEntry`,
 * inside the same providers. Returns the router too: `router.state.location.pathname` is the
 * address the user ended on after the guards' redirects.
 */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string,
  options: Omit<ProviderOptions, 'route' | 'path'> = {},
): ProvidersResult & { router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = options.queryClient ?? createTestQueryClient();
  if (options.session) signIn(options.session.user, options.session.tenant);
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, queryClient, router };
}

import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '@/lib/query-client';
import { AuthInitializer } from './auth-initializer';
import { AppErrorBoundary } from './error-fallback';

/**
 * App-wide providers: error boundary, TanStack Query, toasts (top right, auto-close 5000 ms) and
 * the start-up session check.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthInitializer>{children}</AuthInitializer>
        <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick pauseOnFocusLoss={false} />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}

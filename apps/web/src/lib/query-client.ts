import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from './api';
import { useAuthStore } from './auth-store';
import { forgetSignedInData } from './offline/answers';

/**
 * Builds the app's QueryClient. A 401 from any query, or from a mutation without
 * `meta.skipAuthReset` (login/signup use it: there 401 means wrong credentials), means the
 * session is gone: the auth store and what the offline till kept for the user are cleared, and the
 * route guards send the user to /login.
 * Client errors (4xx) are not retried; other failures are retried twice. Mutations run at once
 * whatever the browser thinks of its connection (`networkMode: 'always'`): offline they fail then
 * and say so, instead of waiting paused and being sent when the connection returns, unseen (a
 * redemption the cashier took for failed would become real minutes later).
 */
export function createQueryClient(): QueryClient {
  const onUnauthenticated = () => {
    if (!useAuthStore.getState().isAuthenticated) return;
    useAuthStore.getState().clear();
    void forgetSignedInData();
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error, 401)) onUnauthenticated();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (isApiError(error, 401) && !mutation.meta?.skipAuthReset) onUnauthenticated();
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

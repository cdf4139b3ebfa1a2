import { useEffect, useState, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { getMe } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { forgetSignedInData } from '@/lib/offline/answers';
import { useMessages } from '@/lib/i18n';
import { appMessages } from '@/app/messages';

/** Start-up delay before the session check (about 100 ms). */
const STARTUP_DELAY_MS = 100;

/** The session ended elsewhere: forget it here, and the cards and answers kept for it. */
function signedOut(): void {
  const wasSignedIn = useAuthStore.getState().isAuthenticated;
  useAuthStore.getState().clear();
  if (wasSignedIn) void forgetSignedInData();
}

/**
 * Initialises the session before any route renders: waits ~100 ms, then asks GET /api/auth/me. A
 * session refreshes the stored user and tenant; `{ user: null }` (signed out) or a 401 clears the
 * store and what the offline till kept for the user. Any other failure
 * (server down, network) keeps the persisted state so a short outage does not sign the cashier out;
 * calls made later will tell. Shows a spinner meanwhile.
 */
export function AuthInitializer({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const t = useMessages(appMessages);

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getMe({ signal: controller.signal })
        .then((session) => {
          if (session.user) useAuthStore.getState().setSession(session);
          else signedOut();
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error, 401)) signedOut();
          else console.warn('Could not check the session at start-up', error);
        })
        .finally(() => {
          if (!controller.signal.aborted) setReady(true);
        });
    }, STARTUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);

  if (!ready) return <PageSpinner label={t('loadingSession')} />;
  return <>{children}</>;
}

import { Navigate, useNavigate } from 'react-router';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { homePathFor, paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { useMessages } from '@/lib/i18n';
import { signOut } from '../api/two-factor';
import { TwoFactorSetupFlow } from '../components/two-factor-setup-flow';
import { profileMessages } from '../messages';

/**
 * /two-factor-setup (docs/security.md 'Two-factor sign-in'): where a platform admin or Store
 * Admin lands when the operator requires two-factor and they have none. Until it is set up their
 * session reaches nothing else (the server answers 403 TWO_FACTOR_SETUP_REQUIRED), so the page
 * offers the set-up and 'Sign out' only; after the recovery codes are saved it goes home.
 * Signed out → /login; nothing required → home.
 */
export function TwoFactorSetupPage() {
  const { user, tenant, isAuthenticated, twoFactorSetupRequired, clear } = useAuthStore();
  const navigate = useNavigate();
  const t = useMessages(profileMessages);
  if (!isAuthenticated || !user) return <Navigate to={paths.login} replace />;
  const home = homePathFor(user, tenant);
  // Signed out here whether or not the server heard it: the session cookie expires anyway, and a
  // failed call must not surface as an unhandled rejection.
  const leave = () =>
    void signOut()
      .catch(() => undefined)
      .finally(() => {
        clear();
        navigate(paths.login, { replace: true });
      });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-10">
      <div className="w-full max-w-lg">
        <div className="mb-6 flex justify-center">
          <Brand className="text-lg" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold text-slate-900">{t('setUpTwoFactor')}</h1>
          <p className="mt-1 text-sm text-slate-600">{twoFactorSetupRequired ? t('requiredText') : t('setUpDone')}</p>
          <div className="mt-6">
            {twoFactorSetupRequired ? (
              <TwoFactorSetupFlow cancellable={false} onDone={() => navigate(home, { replace: true })} />
            ) : (
              <Button onClick={() => navigate(home, { replace: true })}>{t('continue')}</Button>
            )}
          </div>
          <Button variant="ghost" className="mt-4" onClick={leave}>
            {t('signOut')}
          </Button>
        </div>
      </div>
    </main>
  );
}

import { Link, Navigate } from 'react-router';
import { homePathFor, paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { AuthLayout } from '../components/auth-layout';
import { AccountForm } from '../components/account-form';
import { TrialBanner } from '../components/trial-banner';
import { useSignupForm } from '../hooks/use-signup-form';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * /signup: creates a business on a free trial and signs its owner in as
 * tenant_admin, then goes to /t/{slug}/dashboard. Signed-in tenant_admin and platform_admin are
 * redirected by role; cashier and customer fall back to /login.
 */
export function SignupPage() {
  const t = useMessages(authMessages);
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const { form, onSubmit, pending, failure, policy } = useSignupForm();

  if (isAuthenticated && user) {
    if (user.role === 'tenant_admin' || user.role === 'platform_admin') {
      const home = homePathFor(user, tenant);
      if (home !== paths.login) return <Navigate to={home} replace />;
    } else {
      return <Navigate to={paths.login} replace />;
    }
  }

  return (
    <AuthLayout title={t('signupTitle')} subtitle={t('signupSubtitle')} wide>
      <TrialBanner />
      <AccountForm
        form={form}
        onSubmit={onSubmit}
        failure={failure}
        pending={pending}
        passwordHint={policy.hint}
        emailPlaceholder={t('signupEmailPlaceholder')}
        submitLabel={t('signupSubmit')}
      />
      <p className="mt-4 text-center text-sm text-slate-600">
        {t('haveAccount')}{' '}
        <Link to={paths.login} className="font-medium text-indigo-600 hover:text-indigo-500">
          {t('signIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}

import { Link, Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { homePathFor, paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { AuthLayout } from '../components/auth-layout';
import { PasswordInput } from '../components/password-input';
import { TrialBanner } from '../components/trial-banner';
import { useSignupForm } from '../hooks/use-signup-form';

/**
 * /signup (spec §2, §5 'Signup'): creates a business on a free trial and signs its owner in as
 * tenant_admin, then goes to /t/{slug}/dashboard. Signed-in tenant_admin and platform_admin are
 * redirected by role; cashier and customer fall back to /login.
 */
export function SignupPage() {
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const { form, onSubmit, pending, failure, policy } = useSignupForm();
  const { errors } = form.formState;

  if (isAuthenticated && user) {
    if (user.role === 'tenant_admin' || user.role === 'platform_admin') {
      const home = homePathFor(user, tenant);
      if (home !== paths.login) return <Navigate to={home} replace />;
    } else {
      return <Navigate to={paths.login} replace />;
    }
  }

  return (
    <AuthLayout title="Create your business account" subtitle="Set up your loyalty programme in minutes." wide>
      <TrialBanner />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <Input label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <Input label="Email" type="email" autoComplete="email" placeholder="you@business.com" error={errors.email?.message} {...form.register('email')} />
        <PasswordInput label="Password" autoComplete="new-password" hint={policy.hint} error={errors.password?.message} {...form.register('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          Create account
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-indigo-600 hover:text-indigo-500">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Gift } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthLayout } from '../components/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { homePathFor, paths } from '@/config/paths';
import { usePasswordPolicy } from '@/hooks/use-password-policy';
import { ApiError, fieldIssues } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useSignup } from '../api/signup';
import { PasswordInput } from '../components/password-input';
import { newAccountForm, type NewAccountForm } from '../lib/account-form';


const TRIAL_POINTS = ['40 free card activations', 'No credit card required', 'Then $19.99/month, cancel anytime'];

/**
 * /signup (spec §2, §5 'Signup'): creates a business on a free trial and signs its owner in as
 * tenant_admin, then goes to /t/{slug}/dashboard. Signed-in tenant_admin and platform_admin are
 * redirected by role; cashier and customer fall back to /login.
 */
export function SignupPage() {
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const setSession = useAuthStore((s) => s.setSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signup = useSignup();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => newAccountForm(policy.minLength), [policy.minLength]);

  const form = useForm<z.input<NewAccountForm>, unknown, z.output<NewAccountForm>>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (isAuthenticated && user) {
    if (user.role === 'tenant_admin' || user.role === 'platform_admin') {
      const home = homePathFor(user, tenant);
      if (home !== paths.login) return <Navigate to={home} replace />;
    } else {
      return <Navigate to={paths.login} replace />;
    }
  }

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    signup.mutate(body, {
      onError: (err) => {
        // The server's policy check (the operator may have raised the minimum) names the field.
        for (const { field, message } of fieldIssues(err)) if (field === 'password') form.setError('password', { message });
      },
      onSuccess: (session) => {
        queryClient.clear();
        setSession(session);
        navigate(session.tenant ? paths.tenant.dashboard(session.tenant.slug) : homePathFor(session.user, session.tenant), { replace: true });
      },
    });
  });

  const failure = signup.isError ? (signup.error instanceof ApiError && signup.error.message) || 'Signup failed' : null;

  return (
    <AuthLayout title="Create your business account" subtitle="Set up your loyalty programme in minutes." wide>
      <div className="mb-6 rounded-xl bg-gradient-to-r from-indigo-600 to-violet-600 p-4 text-white shadow-sm">
        <div className="flex items-start gap-3">
          <Gift aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">Start your 14-day free trial</p>
            <ul className="mt-2 space-y-1 text-sm text-indigo-50">
              {TRIAL_POINTS.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <Input label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <Input label="Email" type="email" autoComplete="email" placeholder="you@business.com" error={errors.email?.message} {...form.register('email')} />
        <PasswordInput label="Password" autoComplete="new-password" hint={policy.hint} error={errors.password?.message} {...form.register('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={signup.isPending}>
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

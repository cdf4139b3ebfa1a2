import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AuthLayout } from '../components/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePasswordPolicy } from '@/hooks/use-password-policy';
import { ApiError, fieldIssues } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useCompleteSetup, useSetupStatus } from '../api/setup';
import { PasswordInput } from '../components/password-input';
import { newAccountForm, type NewAccountForm } from '../lib/account-form';

/** The text shown for a link that cannot be used (the server's own 400 text). */
const LINK_INVALID = 'This set-up link is invalid or has expired. Restart the server to print a new one.';


/**
 * /setup?token= (issue 12 item 1): a production install has no account with a published
 * password; start-up prints this one-time link (valid one hour), and here the operator
 * creates the first platform admin, who is then signed in and taken to the platform
 * dashboard. An unusable link (used, expired, replaced, or an admin exists) says so.
 */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupStatus(token);

  let body;
  if (!token || status.data?.valid === false) {
    body = (
      <div className="space-y-4">
        <Alert tone="error">{LINK_INVALID}</Alert>
        <p className="text-sm text-slate-600">
          Already set up?{' '}
          <Link to={paths.login} className="font-medium text-indigo-700 hover:text-indigo-600">
            Sign in
          </Link>
        </p>
      </div>
    );
  } else if (status.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label="Checking the set-up link" />
      </div>
    );
  } else if (status.isError) {
    body = <LoadError title="Could not check the set-up link" query={status} fallback="Please try again." />;
  } else {
    body = <SetupFormSection token={token} />;
  }

  return (
    <AuthLayout title="Set up the platform" subtitle="Create the first platform administrator account." wide>
      {body}
    </AuthLayout>
  );
}

function SetupFormSection({ token }: { token: string }) {
  const setSession = useAuthStore((s) => s.setSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setup = useCompleteSetup();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => newAccountForm(policy.minLength), [policy.minLength]);
  const form = useForm<z.input<NewAccountForm>, unknown, z.output<NewAccountForm>>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...fields }) => {
    setup.mutate(
      { token, ...fields },
      {
        onError: (err) => {
          for (const { field, message } of fieldIssues(err)) {
            if (field === 'password' || field === 'email' || field === 'firstName' || field === 'lastName') form.setError(field, { message });
          }
        },
        onSuccess: (session) => {
          queryClient.clear();
          setSession(session);
          navigate(paths.platform.dashboard, { replace: true });
        },
      },
    );
  });

  const failure = setup.isError ? (setup.error instanceof ApiError && setup.error.message) || 'Set-up failed' : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <Input label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Input label="Email" type="email" autoComplete="email" placeholder="you@company.com" error={errors.email?.message} {...form.register('email')} />
      <PasswordInput label="Password" autoComplete="new-password" hint={policy.hint} error={errors.password?.message} {...form.register('password')} />
      <PasswordInput label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      <Button type="submit" size="lg" className="w-full" loading={setup.isPending}>
        Create platform admin
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '@loyalty/contract';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '../components/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { homePathFor, paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { isTwoFactorChallenge, NO_USER_MESSAGE, useLogin } from '../api/login';
import { useLoginOptions } from '../api/login-options';
import { DemoAccounts } from '../components/demo-accounts';
import { PasswordInput } from '@/components/ui/password-input';
import { TwoFactorCodeForm } from '../components/two-factor-code-form';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { translate, useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/** Message of a failed login: the server's message, else 'Login failed'. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || translate(authMessages, 'loginFailed');
  if (error instanceof Error && error.message === NO_USER_MESSAGE) return NO_USER_MESSAGE;
  return translate(authMessages, 'loginFailed');
}

/**
 * /login: e-mail, password with show/hide, 'Forgot password?' (to /forgot-password), 'Sign in',
 * link to signup and the demo accounts block (only where the demo accounts exist: never in
 * production). An account with two-factor on is asked for its code next (TwoFactorCodeForm).
 * Signed-in users are redirected by role. Failures show a red box.
 */
export function LoginPage() {
  const t = useMessages(authMessages);
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const finish = useFinishSignIn();
  const [codeStep, setCodeStep] = useState(false);
  const login = useLogin();
  const options = useLoginOptions();

  const form = useForm<z.input<typeof LoginRequest>, unknown, z.output<typeof LoginRequest>>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const setupRequired = useAuthStore((s) => s.twoFactorSetupRequired);
  // A session the operator holds back until two-factor is set up goes to the set-up, not home.
  const home = !isAuthenticated ? paths.login : setupRequired ? paths.twoFactorSetup : homePathFor(user, tenant);
  if (isAuthenticated && home !== paths.login) return <Navigate to={home} replace />;
  if (codeStep) {
    return (
      <AuthLayout title={t('twoFactorTitle')} subtitle={t('twoFactorSubtitle')}>
        <TwoFactorCodeForm onSignedIn={finish} onBack={() => setCodeStep(false)} />
      </AuthLayout>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, { onSuccess: (answer) => (isTwoFactorChallenge(answer) ? setCodeStep(true) : finish(answer)) });
  });

  return (
    <AuthLayout title={t('loginTitle')} subtitle={t('loginSubtitle')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {login.isError && <Alert tone="error">{loginErrorMessage(login.error)}</Alert>}
        <Input
          label={t('emailLabel')}
          type="email"
          autoComplete="email"
          placeholder={t('emailPlaceholder')}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label={t('passwordLabel')}
          autoComplete="current-password"
          placeholder={t('loginPasswordPlaceholder')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-indigo-600 hover:text-indigo-500">
            {t('forgotPasswordLink')}
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
          {!login.isPending && <LogIn aria-hidden="true" className="h-4 w-4" />}
          {t('signIn')}
        </Button>
      </form>
      <SignUpPrompt />
      {options.data?.demoAccounts && (
        <div className="mt-6">
          <DemoAccounts
            onFill={(account) => {
              form.setValue('email', account.email, { shouldDirty: true });
              form.setValue('password', account.password, { shouldDirty: true });
              form.clearErrors();
              login.reset();
            }}
          />
        </div>
      )}
    </AuthLayout>
  );
}

/** 'Don't have an account? Sign up' under the form, to /signup. */
function SignUpPrompt() {
  const t = useMessages(authMessages);
  return (
    <p className="mt-4 text-center text-sm text-slate-600">
      {t('noAccount')}{' '}
      <Link to={paths.signup} className="font-medium text-indigo-600 hover:text-indigo-500">
        {t('signUp')}
      </Link>
    </p>
  );
}

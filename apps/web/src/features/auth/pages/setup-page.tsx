import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { fieldIssues } from '@/lib/api';
import { useCompleteSetup, useSetupStatus } from '../api/setup';
import { AccountForm } from '../components/account-form';
import { accountFailure, useNewAccountForm, useStartSession } from '../hooks/use-account-form';

/** The text shown for a link that cannot be used (the server's own 400 text). */
const LINK_INVALID = 'This set-up link is invalid or has expired. Restart the server to print a new one.';

/**
 * /setup?token=: a production install has no account with a published password; start-up prints
 * this one-time link (valid one hour), and here the operator creates the first platform admin, who
 * is then signed in and taken to the platform dashboard. An unusable link (used, expired, replaced,
 * or an admin exists) says so.
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

/** The set-up form: creates the first platform admin with `token`, signs them in and opens the platform dashboard. */
function SetupFormSection({ token }: { token: string }) {
  const setup = useCompleteSetup();
  const { form, policy } = useNewAccountForm();
  const startSession = useStartSession();

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...fields }) => {
    setup.mutate(
      { token, ...fields },
      {
        onError: (err) => {
          for (const { field, message } of fieldIssues(err)) {
            if (field === 'password' || field === 'email' || field === 'firstName' || field === 'lastName') form.setError(field, { message });
          }
        },
        onSuccess: (session) => startSession(session, paths.platform.dashboard),
      },
    );
  });

  const failure = setup.isError ? accountFailure(setup.error, 'Set-up failed') : null;
  return (
    <AccountForm
      form={form}
      onSubmit={onSubmit}
      failure={failure}
      pending={setup.isPending}
      passwordHint={policy.hint}
      emailPlaceholder="you@company.com"
      submitLabel="Create platform admin"
    />
  );
}
